import { itemDateInWords, parseItemDate } from './genealogical-date';

describe(parseItemDate.name, () => {
  it('keeps an exact day exact, written either way', () => {
    expect(parseItemDate('1955-03-12')).toEqual({
      valid: true,
      date: { text: null, earliest: '1955-03-12', latest: '1955-03-12', middle: '1955-03-12' },
    });
    expect(parseItemDate('12 mar 1955')).toEqual({
      valid: true,
      date: { text: null, earliest: '1955-03-12', latest: '1955-03-12', middle: '1955-03-12' },
    });
  });

  it('gives an uncertain date its span and its middle', () => {
    expect(parseItemDate('ABT 1955')).toEqual({
      valid: true,
      date: { text: 'ABT 1955', earliest: '1955-01-01', latest: '1955-12-31', middle: '1955-07-02' },
    });
    expect(parseItemDate('1950s')).toEqual({
      valid: true,
      date: { text: 'BET 1950 AND 1959', earliest: '1950-01-01', latest: '1959-12-31', middle: '1954-12-31' },
    });
    expect(parseItemDate('summer 1962')).toEqual({
      valid: true,
      date: { text: 'BET JUN 1962 AND AUG 1962', earliest: '1962-06-01', latest: '1962-08-31', middle: '1962-07-16' },
    });
    expect(parseItemDate('Winter 1962').valid && parseItemDate('Winter 1962')).toMatchObject({
      date: { text: 'BET DEC 1962 AND FEB 1963', earliest: '1962-12-01', latest: '1963-02-28' },
    });
    expect(parseItemDate('about March 1955')).toMatchObject({ date: { text: 'ABT MAR 1955' } });
  });

  it('sorts a date open at one end at the end it has', () => {
    expect(parseItemDate('BEF 1940')).toEqual({
      valid: true,
      date: { text: 'BEF 1940', earliest: null, latest: '1940-12-31', middle: '1940-12-31' },
    });
    expect(parseItemDate('after 1958')).toEqual({
      valid: true,
      date: { text: 'AFT 1958', earliest: '1958-01-01', latest: null, middle: '1958-01-01' },
    });
  });

  it('refuses what is no date with a sentence', () => {
    expect(parseItemDate('sometime')).toEqual({
      valid: false,
      reason: expect.stringContaining('"sometime" is not a date'),
    });
    expect(parseItemDate('(from a letter)')).toEqual({ valid: false, reason: expect.stringContaining('has no year') });
    expect(parseItemDate('2023-02-30')).toEqual({ valid: false, reason: expect.stringContaining('not a day') });
    expect(parseItemDate('ABT 950')).toEqual({ valid: false, reason: expect.stringContaining('outside the years') });
  });
});

describe(itemDateInWords.name, () => {
  it('says a date as people say it', () => {
    expect(itemDateInWords('ABT 1955')).toBe('about 1955');
    expect(itemDateInWords('BET 1950 AND 1959')).toBe('1950s');
    expect(itemDateInWords('BET JUN 1962 AND AUG 1962')).toBe('summer 1962');
    expect(itemDateInWords('BET DEC 1962 AND FEB 1963')).toBe('winter 1962');
    expect(itemDateInWords('BEF 1940')).toBe('before 1940');
    expect(itemDateInWords('BET 1950 AND 1953')).toBe('between 1950 and 1953');
  });
});
