import {
  dateInWords,
  fromGedcom7Date,
  isGedcom7DateValue,
  isLiving,
  lifeYearsInWords,
  parseGenealogicalDate,
  toGedcom7Date,
  yearInWords,
} from './genealogical-date';

const span = (text: string) => {
  const result = parseGenealogicalDate(text);
  if (!result.valid) throw new Error(`${text}: ${result.reason}`);
  return [result.date.earliest, result.date.latest, result.date.qualifier];
};
const reason = (text: string) => {
  const result = parseGenealogicalDate(text);
  if (result.valid) throw new Error(`${text} was accepted`);
  return result.reason;
};

describe(parseGenealogicalDate.name, () => {
  it('keeps the text verbatim', () => {
    expect(parseGenealogicalDate('1 jan 1850')).toEqual({
      valid: true,
      date: { text: '1 jan 1850', earliest: '1850-01-01', latest: '1850-01-01', qualifier: 'date' },
    });
  });

  it.each([
    ['1 JAN 1850', '1850-01-01', '1850-01-01', 'date'],
    ['MAR 1850', '1850-03-01', '1850-03-31', 'date'],
    ['FEB 1900', '1900-02-01', '1900-02-28', 'date'],
    ['FEB 2000', '2000-02-01', '2000-02-29', 'date'],
    ['1850', '1850-01-01', '1850-12-31', 'date'],
    ['ABT 1850', '1850-01-01', '1850-12-31', 'about'],
    ['CAL MAR 1850', '1850-03-01', '1850-03-31', 'calculated'],
    ['EST 1850', '1850-01-01', '1850-12-31', 'estimated'],
    ['BEF 1900', null, '1900-12-31', 'before'],
    ['AFT 1 JUN 1900', '1900-06-01', null, 'after'],
    ['BET 1900 AND 1910', '1900-01-01', '1910-12-31', 'between'],
    ['BET MAY 1900 AND 3 MAY 1900', '1900-05-01', '1900-05-03', 'between'],
    ['FROM 1939 TO 1945', '1939-01-01', '1945-12-31', 'fromTo'],
    ['FROM 1939', '1939-01-01', null, 'from'],
    ['TO 1945', null, '1945-12-31', 'to'],
    ['INT 1850 (from a letter)', '1850-01-01', '1850-12-31', 'interpreted'],
    ['INT 1850', '1850-01-01', '1850-12-31', 'interpreted'],
    ['(Once upon a time)', null, null, 'phrase'],
    ['01 JAN 1850', '1850-01-01', '1850-01-01', 'date'],
    ['abt  1850', '1850-01-01', '1850-12-31', 'about'],
  ])('%s spans %s … %s', (text, earliest, latest, qualifier) => {
    expect(span(text)).toEqual([earliest, latest, qualifier]);
  });

  it.each([
    // Julian: 10 days behind in 1582, 11 in 1700–1800, 2 days ahead around 44 BC.
    ['@#DJULIAN@ 5 OCT 1582', '1582-10-15'],
    ['@#DJULIAN@ 11 FEB 1731/32', '1732-02-22'],
    ['@#DJULIAN@ 29 FEB 1900', '1900-03-13'],
    ['@#DJULIAN@ 15 MAR 44 BC', '-0043-03-13'],
    ['JULIAN 15 MAR 44 BCE', '-0043-03-13'],
    ['@#DGREGORIAN@ 4 JUL 1776', '1776-07-04'],
    ['GREGORIAN 4 JUL 1776', '1776-07-04'],
    // French Republican: 1 Vendémiaire I, Napoleon's coronation, year III's sixth complementary day.
    ['@#DFRENCH R@ 1 VEND 1', '1792-09-22'],
    ['@#DFRENCH R@ 11 FRIM 13', '1804-12-02'],
    ['@#DFRENCH R@ 18 BRUM 8', '1799-11-09'],
    ['@#DFRENCH R@ 6 COMP 3', '1795-09-22'],
    ['FRENCH_R 1 VEND 14', '1805-09-23'],
    // Hebrew: Rosh Hashanah 5784, Hanukkah, Purim in a leap year (Adar II), Passover.
    ['@#DHEBREW@ 1 TSH 5784', '2023-09-16'],
    ['@#DHEBREW@ 25 KSL 5784', '2023-12-08'],
    ['@#DHEBREW@ 14 ADS 5784', '2024-03-24'],
    ['@#DHEBREW@ 14 ADR 5783', '2023-03-07'],
    ['@#DHEBREW@ 15 NSN 5784', '2024-04-23'],
    ['HEBREW 1 TSH 5785', '2024-10-03'],
    ['5 MAY 5 B.C.', '-0004-05-05'],
    ['5 MAY 0005 BC', '-0004-05-05'],
  ])('%s is %s in the Gregorian calendar', (text, day) => {
    expect(span(text).slice(0, 2)).toEqual([day, day]);
  });

  it('spans whole years and months of other calendars', () => {
    expect(span('@#DHEBREW@ 5784').slice(0, 2)).toEqual(['2023-09-16', '2024-10-02']);
    expect(span('@#DHEBREW@ ADR 5784').slice(0, 2)).toEqual(['2024-02-10', '2024-03-10']);
    expect(span('@#DFRENCH R@ 3').slice(0, 2)).toEqual(['1794-09-22', '1795-09-22']);
    expect(span('@#DFRENCH R@ COMP 3').slice(0, 2)).toEqual(['1795-09-17', '1795-09-22']);
    expect(span('JULIAN 1700').slice(0, 2)).toEqual(['1700-01-11', '1701-01-11']);
    expect(span('ABT @#DJULIAN@ MAR 1066').slice(0, 2)).toEqual(['1066-03-07', '1066-04-06']);
    expect(span('BET @#DHEBREW@ 1 NSN 5700 AND @#DHEBREW@ 29 ELL 5700').slice(0, 2)).toEqual([
      '1940-04-09',
      '1940-10-02',
    ]);
  });

  it.each([
    ['1699/00', '1700-01-01', '1700-12-31'],
    ['8 JAN 1699/00', '1700-01-08', '1700-01-08'],
    ['FROM JAN 1699/00 TO FEB 1699/00', '1700-01-01', '1700-02-28'],
    ['1708/9', '1709-01-01', '1709-12-31'],
    ['1699/1700', '1700-01-01', '1700-12-31'],
  ])('reads the dual year %s as the later year', (text, earliest, latest) => {
    expect(span(text).slice(0, 2)).toEqual([earliest, latest]);
  });

  it.each([
    ['31 FEB 1900', '"31 FEB 1900" is not a real day: FEB 1900 has 28 days.'],
    ['29 FEB 1900', '"29 FEB 1900" is not a real day: FEB 1900 has 28 days.'],
    ['31 APR 1850', '"31 APR 1850" is not a real day: APR 1850 has 30 days.'],
    ['@#DFRENCH R@ 6 COMP 1', '"6 COMP 1" is not a real day: COMP 1 has 5 days.'],
    ['1 JNA 1850', '"JNA" is not a month of the Gregorian calendar (JAN, FEB, … DEC).'],
    ['1850-03-01', '"1850-03-01" is not written as GEDCOM writes dates; use day, month and year, like 1 MAR 1850.'],
    ['Abt. 1850', '"ABT." is not a GEDCOM date word; write ABT instead.'],
    ['about 1850', '"ABOUT" is not a GEDCOM date word; write ABT instead.'],
    ['BET 1900', 'A date starting with BET needs AND, like BET 1900 AND 1910.'],
    ['BET 1910 AND 1900', 'In BET … AND …, the first date comes after the second.'],
    ['FROM 1945 TO 1939', 'In FROM … TO …, the first date comes after the second.'],
    ['1 JAN', 'A date needs a year: "1 JAN" has none.'],
    ['0', 'There is no year 0; 1 BC is followed by 1 AD.'],
    ['1763/65', '"1763/65" is not a dual year; write two years in a row like 1699/00.'],
    [
      '@#DROMAN@ 5',
      '@#DROMAN@ is not a calendar this archive can read; use @#DGREGORIAN@, @#DJULIAN@, @#DHEBREW@ or @#DFRENCH R@.',
    ],
    [
      '@#DHEBREW@ 5 MAY 5700',
      '"MAY" is not a month of the Hebrew calendar (TSH, CSH, KSL, TVT, SHV, ADR, ADS, NSN, IYR, SVN, TMZ, AAV, ELL).',
    ],
    ['@#DHEBREW@ 5700 BC', 'BC can only follow a Gregorian or Julian year.'],
    ['1850 or 1851', '"OR" is not a month of the Gregorian calendar (JAN, FEB, … DEC).'],
    ['1850 (guess)', 'A phrase in parentheses stands alone, or follows INT and a date: "INT 1850 (from a letter)".'],
    ['', 'The date is empty.'],
  ])('refuses %j', (text, expected) => {
    expect(reason(text)).toBe(expected);
  });
});

describe(isLiving.name, () => {
  const today = new Date('2026-03-01T12:00:00Z');

  it('is living without a known death and a birth within 110 years', () => {
    expect(isLiving(null, null, today)).toBe(true);
    expect(isLiving({ date: null }, null, today)).toBe(true);
    expect(isLiving({ date: '1950' }, null, today)).toBe(true);
    expect(isLiving({ date: '2 MAR 1916' }, null, today)).toBe(true);
    expect(isLiving({ date: 'BEF 2020' }, null, today)).toBe(true);
    expect(isLiving({ date: '(before the war)' }, null, today)).toBe(true);
    expect(isLiving({ date: '31 FEB 1900' }, null, today)).toBe(true);
  });

  it('is not living once a death is known, even without a date', () => {
    expect(isLiving({ date: '1990' }, { date: null }, today)).toBe(false);
    expect(isLiving(null, { date: '2001' }, today)).toBe(false);
  });

  it('is not living when the earliest day of birth is over 110 years ago', () => {
    expect(isLiving({ date: '29 FEB 1916' }, null, today)).toBe(false);
    expect(isLiving({ date: 'BET 1900 AND 1930' }, null, today)).toBe(false);
    expect(isLiving({ date: 'BEF 1900' }, null, today)).toBe(false);
    expect(isLiving({ date: '@#DJULIAN@ 1700' }, null, today)).toBe(false);
    expect(isLiving({ date: 'ABT 1850' }, null, today)).toBe(false);
  });
});

describe(toGedcom7Date.name, () => {
  it.each([
    ['1 JAN 1850', '1 JAN 1850', null],
    ['BET 1900 AND 1910', 'BET 1900 AND 1910', null],
    ['1 jan 1850', '1 JAN 1850', '1 jan 1850'],
    ['@#DJULIAN@ 11 FEB 1731/32', 'JULIAN 11 FEB 1732', '@#DJULIAN@ 11 FEB 1731/32'],
    ['@#DFRENCH R@ 11 FRIM 13', 'FRENCH_R 11 FRIM 13', '@#DFRENCH R@ 11 FRIM 13'],
    ['5 MAY 5 B.C.', '5 MAY 5 BCE', '5 MAY 5 B.C.'],
    ['INT 1850 (from a letter)', '1850', 'from a letter'],
    ['INT @#DJULIAN@ 1700 (seventeen hundred)', 'JULIAN 1700', 'INT @#DJULIAN@ 1700 (seventeen hundred)'],
    ['(Once upon a time)', '', 'Once upon a time'],
    ['31 FEB 1900', '', '31 FEB 1900'],
  ])('writes %j as DATE %j with PHRASE %j', (text, payload, phrase) => {
    expect(toGedcom7Date(text)).toEqual({ payload, phrase });
    expect(isGedcom7DateValue(payload)).toBe(true);
  });

  it('reads back to the same text, except that text which is not a date comes back as a phrase', () => {
    for (const text of [
      '1 JAN 1850',
      'ABT 1850',
      '1 jan 1850',
      '@#DJULIAN@ 11 FEB 1731/32',
      '@#DHEBREW@ 14 ADS 5784',
      'INT 1850 (from a letter)',
      'INT @#DJULIAN@ 1700 (seventeen hundred)',
      '(Once upon a time)',
      'FROM 1699/00 TO 1710',
    ]) {
      const { payload, phrase } = toGedcom7Date(text);
      expect(fromGedcom7Date(payload, phrase)).toBe(text);
    }
    const { payload, phrase } = toGedcom7Date('31 FEB 1900');
    expect(fromGedcom7Date(payload, phrase)).toBe('(31 FEB 1900)');
  });

  it('reads a GEDCOM 7 date whose phrase is free text as an interpreted date', () => {
    expect(fromGedcom7Date('1850', 'about the time of the flood')).toBe('INT 1850 (about the time of the flood)');
    expect(fromGedcom7Date('1850', '1851')).toBe('INT 1850 (1851)');
    expect(fromGedcom7Date('ABT 1850', null)).toBe('ABT 1850');
  });
});

describe(isGedcom7DateValue.name, () => {
  it('accepts 7.0 forms only', () => {
    for (const text of [
      '',
      '1850',
      '1 JAN 1850',
      'JULIAN 1700',
      'HEBREW 1 TSH 5784',
      '44 BCE',
      'BET 1 AND 2',
      'TO 1880',
    ]) {
      expect(isGedcom7DateValue(text)).toBe(true);
    }
    for (const text of [
      '@#DJULIAN@ 1700',
      '1 jan 1850',
      '1699/00',
      '5 B.C.',
      'INT 1850 (x)',
      '(x)',
      '01 JAN 1850',
      '31 FEB 1900',
    ]) {
      expect(isGedcom7DateValue(text)).toBe(false);
    }
  });
});

describe('dateInWords', () => {
  it.each([
    ['1850', '1850'],
    ['ABT 1850', 'about 1850'],
    ['abt 1850', 'about 1850'],
    ['CAL 1850', 'calculated 1850'],
    ['EST 1850', 'estimated 1850'],
    ['BEF 1900', 'before 1900'],
    ['AFT 1 JAN 1900', 'after 1 January 1900'],
    ['BET 1900 AND 1910', 'between 1900 and 1910'],
    ['FROM 1939 TO 1945', 'from 1939 to 1945'],
    ['FROM MAR 1939', 'from March 1939'],
    ['TO 1945', 'to 1945'],
    ['12 MAR 1901', '12 March 1901'],
    ['@#DJULIAN@ 1700', '1700 (Julian)'],
    ['ABT @#DJULIAN@ 3 MAR 1700', 'about 3 March 1700 (Julian)'],
    ['@#DHEBREW@ 1 TSH 5780', '1 Tishrei 5780 (Hebrew)'],
    ['@#DFRENCH R@ 1 VEND 2', '1 Vendémiaire 2 (French Republican)'],
    ['44 BC', '44 BC'],
    ['1699/00', '1700'],
    ['INT 1850 (from a letter)', '1850 (from a letter)'],
    ['(the year of the flood)', 'the year of the flood'],
    ['sometime', 'sometime'],
  ])('%s reads "%s"', (text, words) => {
    expect(dateInWords(text)).toBe(words);
  });
});

describe('yearInWords', () => {
  it.each([
    ['1850', '1850'],
    ['12 MAR 1901', '1901'],
    ['ABT 1850', 'about 1850'],
    ['CAL 1850', 'about 1850'],
    ['EST MAR 1850', 'about 1850'],
    ['BEF 1900', 'before 1900'],
    ['AFT 1 JAN 1900', 'after 1900'],
    ['BET 1900 AND 1910', '1900/1910'],
    ['FROM 1939 TO 1945', '1939/1945'],
    ['@#DJULIAN@ 1700', '1700'],
    ['@#DHEBREW@ 1 TSH 5780', '2019'],
    ['44 BC', '44 BC'],
    ['INT 1850 (from a letter)', '1850'],
    ['sometime', 'sometime'],
  ])('%s reads "%s"', (text, words) => {
    expect(yearInWords(text)).toBe(words);
  });
});

describe('lifeYearsInWords', () => {
  it.each([
    ['1901', '1975', true, '1901–1975'],
    ['ABT 1850', '3 MAR 1910', true, 'about 1850 – 1910'],
    ['1990', null, false, 'born 1990'],
    [null, '1944', true, 'died 1944'],
    ['1850', null, true, '1850–?'],
    [null, null, true, null],
    [null, null, false, null],
  ])('%s to %s (dead: %s) reads "%s"', (birth, death, dead, words) => {
    expect(lifeYearsInWords(birth, death, dead)).toBe(words);
  });
});
