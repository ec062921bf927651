import { EARLIEST_BIRTHDAY, isCalendarDate, localToday } from './calendar-date';

describe(isCalendarDate.name, () => {
  it.each(['2024-02-29', '1900-01-01', EARLIEST_BIRTHDAY, '1000-01-01', '2026-12-31'])('accepts %s', (value) => {
    expect(isCalendarDate(value)).toBe(true);
  });

  it.each([
    '0999-12-31',
    '0000-01-01',
    '2023-02-29',
    '2024-02-30',
    '2024-13-01',
    '2024-00-10',
    '2024-1-5',
    '2024-01-05T00:00:00Z',
    ' 2024-01-05',
    '',
    'yesterday',
    20240105,
    null,
    undefined,
  ])('refuses %p', (value) => {
    expect(isCalendarDate(value)).toBe(false);
  });
});

describe(localToday.name, () => {
  it("reads the date from the clock's own calendar", () => {
    expect(localToday(new Date(2026, 5, 15, 23, 59))).toBe('2026-06-15');
    expect(localToday(new Date(2026, 0, 2, 0, 0))).toBe('2026-01-02');
  });

  it('writes a calendar date', () => {
    expect(isCalendarDate(localToday())).toBe(true);
  });
});
