import { validateSync } from 'class-validator';
import { IsCalendarDate, isBirthday, isCalendarDate, latestToday, localToday } from './calendar-date';

describe('calendar dates', () => {
  it.each(['2024-02-29', '1900-01-01', '2000-12-31', '1000-01-01'])('accepts the real date %s', (value) => {
    expect(isCalendarDate(value)).toBe(true);
  });

  it.each([
    '2023-02-29',
    '2023-02-30',
    '2023-13-01',
    '2023-2-3',
    '03/02/2023',
    '2023-02-03T00:00:00Z',
    '0999-12-31',
    '0000-01-01',
    '',
    20230203,
    null,
  ])('refuses %p', (value) => {
    expect(isCalendarDate(value)).toBe(false);
  });

  it('accepts birthdays from 1900-01-01 up to today, and nothing earlier or later', () => {
    const now = new Date('2026-06-15T12:00:00Z');
    expect(isBirthday('1900-01-01', now)).toBe(true);
    expect(isBirthday('1899-12-31', now)).toBe(false);
    expect(isBirthday('2026-06-15', now)).toBe(true);
    expect(isBirthday('2026-06-17', now)).toBe(false);
  });

  it('checks a DTO field with the same rule', () => {
    class Dated {
      @IsCalendarDate({ message: 'Please enter the date as YYYY-MM-DD' })
      date: unknown;
    }
    const dated = (date: unknown) => Object.assign(new Dated(), { date });
    expect(validateSync(dated('2024-02-29'))).toEqual([]);
    const [error] = validateSync(dated('2023-02-29'));
    expect(error.constraints).toEqual({ isCalendarDate: 'Please enter the date as YYYY-MM-DD' });
  });

  it("names today's date by the process's wall clock", () => {
    const late = new Date(2026, 5, 15, 23, 59);
    expect(localToday(late)).toBe('2026-06-15');
    expect(localToday(new Date(2026, 0, 2, 0, 0))).toBe('2026-01-02');
  });

  it('counts as today the date of the time zone furthest ahead', () => {
    expect(latestToday(new Date('2026-06-15T09:59:00Z'))).toBe('2026-06-15');
    expect(latestToday(new Date('2026-06-15T10:00:00Z'))).toBe('2026-06-16');
  });
});
