import { sqlDay } from './sql-day';

describe(sqlDay.name, () => {
  it('writes years of our era as they are', () => {
    expect(sqlDay('1850-01-01')).toBe('1850-01-01');
    expect(sqlDay('0800-12-25')).toBe('0800-12-25');
  });

  it('writes year 0 and before as BC years (astronomical year 0 is 1 BC)', () => {
    expect(sqlDay('0000-06-01')).toBe('0001-06-01 BC');
    expect(sqlDay('-0043-03-13')).toBe('0044-03-13 BC');
  });

  it('answers null for nothing, and for days Postgres cannot hold', () => {
    expect(sqlDay(null)).toBeNull();
    expect(sqlDay('-5000-01-01')).toBeNull();
    expect(sqlDay('not a day')).toBeNull();
  });
});
