import { calendarDateParts, formatCalendarDate } from '../calendar-date';

const inWords = (year: number, monthIndex: number, day: number) =>
  new Date(Date.UTC(year, monthIndex, day)).toLocaleDateString(undefined, {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });

describe('calendarDateParts', () => {
  it('reads the year, month and day of a calendar date', () => {
    expect(calendarDateParts('1948-03-02')).toEqual({ year: 1948, month: 3, day: 2 });
    expect(calendarDateParts('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
  });

  it.each(['2023-02-29', '1948-13-01', '1948-3-2', '0999-12-31', '', 'yesterday'])('finds none in %p', (value) => {
    expect(calendarDateParts(value)).toBeNull();
  });
});

describe('formatCalendarDate', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = zone;
  });

  it('names the same day in every time zone', () => {
    for (const tz of ['UTC', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'America/Sao_Paulo']) {
      process.env.TZ = tz;
      expect(formatCalendarDate('1948-03-02')).toBe(inWords(1948, 2, 2));
      expect(formatCalendarDate('2024-12-31')).toBe(inWords(2024, 11, 31));
    }
  });

  it('writes the day, the month by name and the year', () => {
    const words = formatCalendarDate('1948-03-02');
    expect(words).toContain('1948');
    expect(words).toMatch(/(^|\D)2(\D|$)/);
    expect(words).not.toContain('03');
  });

  it('shows text that is not a calendar date as it is', () => {
    expect(formatCalendarDate('2023-02-30')).toBe('2023-02-30');
    expect(formatCalendarDate('someday')).toBe('someday');
  });
});
