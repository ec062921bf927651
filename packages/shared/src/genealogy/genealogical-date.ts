import {
  calendarToDay,
  dayToGregorian,
  dayToIso,
  gregorianToDay,
  isHebrewLeapYear,
  monthLength,
  yearMonthRange,
  type Calendar,
} from './calendars';

/**
 * Genealogical dates as GEDCOM writes them (5.5.1 and 7.0 grammar), kept verbatim, with the earliest and
 * the latest day they can mean. `ABT`, `CAL` and `EST` keep the span of the date they qualify (ABT 1850 sorts
 * as 1850); `BEF x` and `AFT x` include x, as GEDCOM 7 defines them ("no later than x", "no earlier than
 * x"), and leave the other end open (null). Days are ISO 8601 in the proleptic Gregorian calendar whatever
 * calendar the date was written in; years before 1 AD are astronomical (`-0043-03-13` is 13 March 44 BC).
 *
 * No date library: the grammar is GEDCOM's own, general libraries (luxon 3.7.2 and the like) know only the
 * Gregorian calendar, and @hebcal/core (6.9.3) only the Hebrew one; the four conversions are the short,
 * well-known algorithms in calendars.ts.
 */

export type DateQualifier =
  | 'date'
  | 'about'
  | 'calculated'
  | 'estimated'
  | 'before'
  | 'after'
  | 'between'
  | 'from'
  | 'to'
  | 'fromTo'
  | 'interpreted'
  | 'phrase';

export interface GenealogicalDate {
  /** The date exactly as it was written. */
  text: string;
  earliest: string | null;
  latest: string | null;
  qualifier: DateQualifier;
}

export type DateParseResult = { valid: true; date: GenealogicalDate } | { valid: false; text: string; reason: string };

/** One calendar date of the grammar: `[calendar] [[day] month] year [epoch]`. */
interface SimpleDate {
  calendar: Calendar;
  day: number | null;
  month: number | null;
  monthCode: string | null;
  /** The year as written after resolving a dual year (1699/00 is 1700); counted in its era. */
  year: number;
  bce: boolean;
  first: number;
  last: number;
}

type ParsedValue =
  | { qualifier: 'date' | 'about' | 'calculated' | 'estimated' | 'before' | 'after' | 'from' | 'to'; date: SimpleDate }
  | { qualifier: 'between' | 'fromTo'; start: SimpleDate; end: SimpleDate }
  | { qualifier: 'interpreted'; inner: ParsedValue; phrase: string }
  | { qualifier: 'phrase'; phrase: string };

class DateGrammarError extends Error {}

const GREGORIAN_MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const FRENCH_MONTHS = [
  'VEND',
  'BRUM',
  'FRIM',
  'NIVO',
  'PLUV',
  'VENT',
  'GERM',
  'FLOR',
  'PRAI',
  'MESS',
  'THER',
  'FRUC',
  'COMP',
];
/** GEDCOM's Hebrew month codes, by their number in the calendar arithmetic (Nisan = 1, Tishri = 7). */
const HEBREW_MONTHS: Record<string, number> = {
  TSH: 7,
  CSH: 8,
  KSL: 9,
  TVT: 10,
  SHV: 11,
  ADR: 12,
  ADS: 13,
  NSN: 1,
  IYR: 2,
  SVN: 3,
  TMZ: 4,
  AAV: 5,
  ELL: 6,
};

const CALENDAR_WORDS: Record<string, Calendar> = {
  '@#DGREGORIAN@': 'gregorian',
  '@#DJULIAN@': 'julian',
  '@#DHEBREW@': 'hebrew',
  '@#DFRENCH R@': 'french',
  GREGORIAN: 'gregorian',
  JULIAN: 'julian',
  HEBREW: 'hebrew',
  FRENCH_R: 'french',
};
const CALENDAR_NAMES: Record<Calendar, string> = {
  gregorian: 'Gregorian',
  julian: 'Julian',
  hebrew: 'Hebrew',
  french: 'French Republican',
};
const GEDCOM7_CALENDARS: Record<Calendar, string> = {
  gregorian: '',
  julian: 'JULIAN',
  hebrew: 'HEBREW',
  french: 'FRENCH_R',
};
const EPOCHS = new Set(['BCE', 'BC', 'B.C.', 'B.C']);
const KEYWORDS = new Set(['ABT', 'CAL', 'EST', 'BEF', 'AFT', 'BET', 'AND', 'FROM', 'TO', 'INT']);
const NOT_GEDCOM_WORDS: Record<string, string> = {
  ABOUT: 'ABT',
  CIRCA: 'ABT',
  'C.': 'ABT',
  CA: 'ABT',
  'ABT.': 'ABT',
  BEFORE: 'BEF',
  'BEF.': 'BEF',
  AFTER: 'AFT',
  'AFT.': 'AFT',
  BETWEEN: 'BET',
  'BET.': 'BET',
  ESTIMATED: 'EST',
  CALCULATED: 'CAL',
};
const EXAMPLES = 'like 1 JAN 1850, MAR 1850, 1850, ABT 1850, BEF 1900, BET 1900 AND 1910 or FROM 1939 TO 1945';

export function parseGenealogicalDate(text: string): DateParseResult {
  try {
    const parsed = parseValue(text);
    const [first, last] = spanOf(parsed);
    return {
      valid: true,
      date: {
        text,
        earliest: first === null ? null : dayToIso(first),
        latest: last === null ? null : dayToIso(last),
        qualifier: parsed.qualifier,
      },
    };
  } catch (error) {
    if (error instanceof DateGrammarError) return { valid: false, text, reason: error.message };
    throw error;
  }
}

/**
 * Living unless a death is known or the birth's earliest day is over 110 years ago. Pass null for a death
 * that is not recorded; a recorded death without a date still counts. When a birth is only bounded from above
 * (`BEF 1900`), that bound stands in for its earliest day.
 */
export function isLiving(
  birth: { date?: string | null } | null | undefined,
  death: { date?: string | null } | null | undefined,
  today: Date = new Date(),
): boolean {
  if (death) return false;
  if (!birth?.date) return true;
  let parsed: ParsedValue;
  try {
    parsed = parseValue(birth.date);
  } catch {
    return true;
  }
  const [first, last] = spanOf(parsed);
  const bound = first ?? last;
  if (bound === null) return true;
  const year = today.getUTCFullYear() - 110;
  const month = today.getUTCMonth() + 1;
  const day = Math.min(today.getUTCDate(), month === 2 ? monthLength('gregorian', year, 2) : 31);
  return bound >= gregorianToDay(year, month, day);
}

/**
 * How a date is written in GEDCOM 7: a payload in 7.0 grammar and, when the original text says more or says
 * it differently (5.5.1 escapes, B.C., dual years, a phrase, text that is not a date), a PHRASE holding it.
 */
export function toGedcom7Date(text: string): { payload: string; phrase: string | null } {
  let parsed: ParsedValue;
  try {
    parsed = parseValue(text);
  } catch {
    return { payload: '', phrase: text };
  }
  if (parsed.qualifier === 'phrase') return { payload: '', phrase: parsed.phrase };
  if (parsed.qualifier === 'interpreted') {
    const payload = formatValue(parsed.inner);
    const canonical = `INT ${payload} (${parsed.phrase})`;
    return { payload, phrase: canonical === text ? parsed.phrase : text };
  }
  const payload = formatValue(parsed);
  return { payload, phrase: payload === text ? null : text };
}

/** The date text a GEDCOM 7 DATE with an optional PHRASE stands for (the inverse of {@link toGedcom7Date}). */
export function fromGedcom7Date(payload: string, phrase: string | null): string {
  if (!phrase) return payload;
  if (!payload) return `(${phrase})`;
  try {
    const fromPhrase = parseValue(phrase);
    const fromPayload = parseValue(payload);
    const [a, b] = spanOf(fromPhrase);
    const [c, d] = spanOf(fromPayload);
    if (fromPhrase.qualifier !== 'phrase' && a === c && b === d) return phrase;
  } catch {
    // The phrase is free text: it interprets the payload.
  }
  return `INT ${payload} (${phrase})`;
}

/** True when the text is a GEDCOM 7.0 DateValue exactly as 7.0 writes it (upper case, no 5.5.1 forms). */
export function isGedcom7DateValue(text: string): boolean {
  if (text === '') return true;
  try {
    const parsed = parseValue(text);
    if (parsed.qualifier === 'phrase' || parsed.qualifier === 'interpreted') return false;
    return formatValue(parsed) === text;
  } catch {
    return false;
  }
}

// --- grammar ----------------------------------------------------------------------------------------------

function parseValue(text: string): ParsedValue {
  const trimmed = text.trim();
  if (!trimmed) throw new DateGrammarError('The date is empty.');
  const phraseOnly = /^\((.*)\)$/s.exec(trimmed);
  if (phraseOnly) return { qualifier: 'phrase', phrase: phraseOnly[1] };
  if (/^INT\s/i.test(trimmed)) {
    const open = trimmed.indexOf('(');
    const close = trimmed.lastIndexOf(')');
    const inner = open === -1 ? trimmed.slice(4) : trimmed.slice(4, open);
    if (open !== -1 && close < open) throw new DateGrammarError(`The phrase after INT needs a closing ")".`);
    if (close !== -1 && close !== trimmed.length - 1) {
      throw new DateGrammarError(
        `Nothing may follow the phrase of an INT date ("${trimmed.slice(close + 1).trim()}").`,
      );
    }
    const parsedInner = parseTokens(tokenize(inner));
    return { qualifier: 'interpreted', inner: parsedInner, phrase: open === -1 ? '' : trimmed.slice(open + 1, close) };
  }
  if (trimmed.includes('(')) {
    throw new DateGrammarError(
      'A phrase in parentheses stands alone, or follows INT and a date: "INT 1850 (from a letter)".',
    );
  }
  return parseTokens(tokenize(trimmed));
}

function tokenize(text: string): string[] {
  // "@#DFRENCH R@" holds a space: keep each calendar escape as one token.
  const tokens: string[] = [];
  const pattern = /@#D[^@]*@|\S+/gi;
  for (const match of text.matchAll(pattern)) tokens.push(match[0].toUpperCase());
  return tokens;
}

function parseTokens(tokens: string[]): ParsedValue {
  if (tokens.length === 0) throw new DateGrammarError(`A date needs at least a year, ${EXAMPLES}.`);
  const cursor = { tokens, index: 0 };
  const first = tokens[0];
  let value: ParsedValue;
  switch (first) {
    case 'ABT':
    case 'CAL':
    case 'EST':
    case 'BEF':
    case 'AFT': {
      cursor.index++;
      const qualifier = ({ ABT: 'about', CAL: 'calculated', EST: 'estimated', BEF: 'before', AFT: 'after' } as const)[
        first
      ];
      value = { qualifier, date: parseSimple(cursor, first) };
      break;
    }
    case 'BET': {
      cursor.index++;
      const start = parseSimple(cursor, 'BET', 'AND');
      if (cursor.tokens[cursor.index] !== 'AND') {
        throw new DateGrammarError('A date starting with BET needs AND, like BET 1900 AND 1910.');
      }
      cursor.index++;
      const end = parseSimple(cursor, 'AND');
      if (start.first > end.last) throw new DateGrammarError('In BET … AND …, the first date comes after the second.');
      value = { qualifier: 'between', start, end };
      break;
    }
    case 'FROM': {
      cursor.index++;
      const start = parseSimple(cursor, 'FROM', 'TO');
      if (cursor.tokens[cursor.index] === 'TO') {
        cursor.index++;
        const end = parseSimple(cursor, 'TO');
        if (start.first > end.last)
          throw new DateGrammarError('In FROM … TO …, the first date comes after the second.');
        value = { qualifier: 'fromTo', start, end };
      } else {
        value = { qualifier: 'from', date: start };
      }
      break;
    }
    case 'TO':
      cursor.index++;
      value = { qualifier: 'to', date: parseSimple(cursor, 'TO') };
      break;
    case 'AND':
      throw new DateGrammarError('AND belongs after BET, like BET 1900 AND 1910.');
    default:
      value = { qualifier: 'date', date: parseSimple(cursor, null) };
  }
  if (cursor.index < tokens.length) {
    const rest = tokens[cursor.index];
    if (rest === 'AND') throw new DateGrammarError('AND belongs after BET, like BET 1900 AND 1910.');
    if (rest === 'TO') throw new DateGrammarError('TO follows FROM and a date, or starts the date: FROM 1939 TO 1945.');
    throw new DateGrammarError(`"${rest}" is not expected there; write a date ${EXAMPLES}.`);
  }
  return value;
}

function parseSimple(cursor: { tokens: string[]; index: number }, after: string | null, stopAt?: string): SimpleDate {
  const { tokens } = cursor;
  const parts: string[] = [];
  while (cursor.index < tokens.length && tokens[cursor.index] !== stopAt) {
    const token = tokens[cursor.index];
    if (KEYWORDS.has(token) && parts.length > 0) break;
    parts.push(token);
    cursor.index++;
  }
  const where = after ? ` after ${after}` : '';
  if (parts.length === 0) throw new DateGrammarError(`A date is missing${where}, ${EXAMPLES}.`);

  let calendar: Calendar = 'gregorian';
  let index = 0;
  const head = parts[0];
  if (head.startsWith('@#D') || Object.hasOwn(CALENDAR_WORDS, head)) {
    const escape = head.replace(/\s+/g, ' ');
    const known = Object.hasOwn(CALENDAR_WORDS, escape) ? CALENDAR_WORDS[escape] : undefined;
    if (!known) {
      throw new DateGrammarError(
        `${head} is not a calendar this archive can read; use @#DGREGORIAN@, @#DJULIAN@, @#DHEBREW@ or @#DFRENCH R@.`,
      );
    }
    calendar = known;
    index = 1;
  }
  const rest = parts.slice(index);
  if (rest.length === 0) throw new DateGrammarError(`A year must follow the calendar ${head}.`);

  let epoch: string | null = null;
  if (rest.length > 1 && EPOCHS.has(rest[rest.length - 1])) epoch = rest.pop()!;
  for (const word of rest) {
    if (KEYWORDS.has(word)) throw new DateGrammarError(`${word} cannot stand inside a date, ${EXAMPLES}.`);
    if (Object.hasOwn(NOT_GEDCOM_WORDS, word)) {
      throw new DateGrammarError(`"${word}" is not a GEDCOM date word; write ${NOT_GEDCOM_WORDS[word]} instead.`);
    }
  }
  if (rest.length > 3) throw new DateGrammarError(`"${rest.join(' ')}" is not a date, ${EXAMPLES}.`);

  const yearToken = rest[rest.length - 1];
  const monthToken = rest.length >= 2 ? rest[rest.length - 2] : null;
  const dayToken = rest.length === 3 ? rest[0] : null;

  if (/^\d{4}-\d{1,2}-\d{1,2}$/.test(parts.join(' ')) || /^\d{1,2}[./-]\d{1,2}[./-]\d{2,4}$/.test(yearToken)) {
    throw new DateGrammarError(
      `"${parts.join(' ')}" is not written as GEDCOM writes dates; use day, month and year, like 1 MAR 1850.`,
    );
  }
  const dual = /^(\d+)\/(\d+)$/.exec(yearToken);
  if (!dual && !/^\d+$/.test(yearToken)) {
    if (monthToken === null && monthIndex(calendar, yearToken) !== null) {
      throw new DateGrammarError(`A date needs a year: "${parts.join(' ')}" has none.`);
    }
    if (rest.length === 2 && /^\d+$/.test(rest[0]) && monthIndex(calendar, yearToken) !== null) {
      throw new DateGrammarError(`A date needs a year: "${parts.join(' ')}" has none.`);
    }
    throw new DateGrammarError(`"${yearToken}" is not a year; a date ends with its year, ${EXAMPLES}.`);
  }
  let year: number;
  if (dual) {
    if (calendar !== 'gregorian' && calendar !== 'julian') {
      throw new DateGrammarError('Dual years like 1699/00 belong to the Gregorian and Julian calendars.');
    }
    year = resolveDualYear(dual[1], dual[2]);
  } else {
    year = Number(yearToken);
  }
  if (year === 0) throw new DateGrammarError('There is no year 0; 1 BC is followed by 1 AD.');

  let bce = false;
  if (epoch) {
    if (calendar !== 'gregorian' && calendar !== 'julian') {
      throw new DateGrammarError(`${epoch} can only follow a Gregorian or Julian year.`);
    }
    if (dual) throw new DateGrammarError('A dual year cannot be before Christ.');
    bce = true;
  }
  const astronomicalYear = bce ? 1 - year : year;

  let month: number | null = null;
  if (monthToken !== null) {
    month = monthIndex(calendar, monthToken);
    if (month === null) {
      if (/^\d+$/.test(monthToken)) {
        throw new DateGrammarError(`A day needs a month, like 1 JAN 1850; months are written ${monthList(calendar)}.`);
      }
      throw new DateGrammarError(
        `"${monthToken}" is not a month of the ${CALENDAR_NAMES[calendar]} calendar (${monthList(calendar)}).`,
      );
    }
    if (calendar === 'hebrew' && month === 13 && !isHebrewLeapYear(astronomicalYear)) month = 12;
  }
  let day: number | null = null;
  if (dayToken !== null) {
    if (!/^\d{1,2}$/.test(dayToken)) throw new DateGrammarError(`"${dayToken}" is not a day of the month.`);
    day = Number(dayToken);
    const length = monthLength(calendar, astronomicalYear, month!);
    if (day < 1 || day > length) {
      throw new DateGrammarError(
        `"${parts.slice(index).join(' ')}" is not a real day: ${monthToken} ${yearToken}${epoch ? ` ${epoch}` : ''} has ${length} days.`,
      );
    }
  }

  let first: number;
  let last: number;
  if (day !== null) {
    first = last = calendarToDay(calendar, astronomicalYear, month!, day);
  } else if (month !== null) {
    first = calendarToDay(calendar, astronomicalYear, month, 1);
    last = calendarToDay(calendar, astronomicalYear, month, monthLength(calendar, astronomicalYear, month));
  } else {
    const range = yearMonthRange(calendar);
    first = calendarToDay(calendar, astronomicalYear, range.first, 1);
    const lastMonth = calendar === 'french' ? 13 : range.last;
    last = calendarToDay(calendar, astronomicalYear, lastMonth, monthLength(calendar, astronomicalYear, lastMonth));
  }
  return { calendar, day, month, monthCode: monthToken, year, bce, first, last };
}

/**
 * 1699/00 is the year 1699 by the old reckoning (starting 25 March) and 1700 by the new: the later one.
 * GEDCOM writes two digits after the slash; programs also write one (1708/9) or four (1708/1709).
 */
function resolveDualYear(base: string, suffix: string): number {
  const year = Number(base);
  const scale = 10 ** suffix.length;
  let later = suffix.length >= base.length ? Number(suffix) : year - (year % scale) + Number(suffix);
  if (later <= year && suffix.length < base.length) later += scale;
  if (later !== year + 1) {
    throw new DateGrammarError(`"${base}/${suffix}" is not a dual year; write two years in a row like 1699/00.`);
  }
  return later;
}

function monthIndex(calendar: Calendar, token: string): number | null {
  switch (calendar) {
    case 'gregorian':
    case 'julian': {
      const index = GREGORIAN_MONTHS.indexOf(token);
      return index === -1 ? null : index + 1;
    }
    case 'french': {
      const index = FRENCH_MONTHS.indexOf(token);
      return index === -1 ? null : index + 1;
    }
    case 'hebrew':
      return Object.hasOwn(HEBREW_MONTHS, token) ? HEBREW_MONTHS[token] : null;
  }
}

function monthList(calendar: Calendar): string {
  switch (calendar) {
    case 'gregorian':
    case 'julian':
      return 'JAN, FEB, … DEC';
    case 'french':
      return 'VEND, BRUM, … FRUC, COMP';
    case 'hebrew':
      return 'TSH, CSH, KSL, TVT, SHV, ADR, ADS, NSN, IYR, SVN, TMZ, AAV, ELL';
  }
}

function spanOf(value: ParsedValue): [number | null, number | null] {
  switch (value.qualifier) {
    case 'phrase':
      return [null, null];
    case 'interpreted':
      return spanOf(value.inner);
    case 'between':
    case 'fromTo':
      return [value.start.first, value.end.last];
    case 'before':
    case 'to':
      return [null, value.date.last];
    case 'after':
    case 'from':
      return [value.date.first, null];
    default:
      return [value.date.first, value.date.last];
  }
}

// --- GEDCOM 7 writing -------------------------------------------------------------------------------------

function formatSimple(date: SimpleDate): string {
  const parts: string[] = [];
  const calendar = GEDCOM7_CALENDARS[date.calendar];
  if (calendar) parts.push(calendar);
  if (date.day !== null) parts.push(String(date.day));
  if (date.monthCode !== null) parts.push(date.monthCode);
  parts.push(String(date.year));
  if (date.bce) parts.push('BCE');
  return parts.join(' ');
}

function formatValue(value: ParsedValue): string {
  switch (value.qualifier) {
    case 'phrase':
      return '';
    case 'interpreted':
      return formatValue(value.inner);
    case 'between':
      return `BET ${formatSimple(value.start)} AND ${formatSimple(value.end)}`;
    case 'fromTo':
      return `FROM ${formatSimple(value.start)} TO ${formatSimple(value.end)}`;
    case 'date':
      return formatSimple(value.date);
    default: {
      const word = {
        about: 'ABT',
        calculated: 'CAL',
        estimated: 'EST',
        before: 'BEF',
        after: 'AFT',
        from: 'FROM',
        to: 'TO',
      }[value.qualifier];
      return `${word} ${formatSimple(value.date)}`;
    }
  }
}

const MONTH_WORDS: Record<Calendar, Record<string, string>> = {
  gregorian: Object.fromEntries(
    GREGORIAN_MONTHS.map((code, i) => [
      code,
      [
        'January',
        'February',
        'March',
        'April',
        'May',
        'June',
        'July',
        'August',
        'September',
        'October',
        'November',
        'December',
      ][i]!,
    ]),
  ),
  julian: {},
  hebrew: {
    TSH: 'Tishrei',
    CSH: 'Cheshvan',
    KSL: 'Kislev',
    TVT: 'Tevet',
    SHV: 'Shevat',
    ADR: 'Adar',
    ADS: 'Adar II',
    NSN: 'Nisan',
    IYR: 'Iyar',
    SVN: 'Sivan',
    TMZ: 'Tammuz',
    AAV: 'Av',
    ELL: 'Elul',
  },
  french: Object.fromEntries(
    FRENCH_MONTHS.map((code, i) => [
      code,
      [
        'Vendémiaire',
        'Brumaire',
        'Frimaire',
        'Nivôse',
        'Pluviôse',
        'Ventôse',
        'Germinal',
        'Floréal',
        'Prairial',
        'Messidor',
        'Thermidor',
        'Fructidor',
        'jours complémentaires',
      ][i]!,
    ]),
  ),
};
MONTH_WORDS.julian = MONTH_WORDS.gregorian;

const QUALIFIER_WORDS = {
  date: '',
  about: 'about ',
  calculated: 'calculated ',
  estimated: 'estimated ',
  before: 'before ',
  after: 'after ',
  from: 'from ',
  to: 'to ',
} as const;

function simpleInWords(date: SimpleDate): string {
  const month = date.monthCode === null ? null : (MONTH_WORDS[date.calendar][date.monthCode.toUpperCase()] ?? null);
  const words = [date.day, month, date.year].filter((part) => part !== null).join(' ');
  const era = date.bce ? ' BC' : '';
  const calendar = date.calendar === 'gregorian' ? '' : ` (${CALENDAR_NAMES[date.calendar]})`;
  return `${words}${era}${calendar}`;
}

function valueInWords(value: ParsedValue): string {
  switch (value.qualifier) {
    case 'between':
      return `between ${simpleInWords(value.start)} and ${simpleInWords(value.end)}`;
    case 'fromTo':
      return `from ${simpleInWords(value.start)} to ${simpleInWords(value.end)}`;
    case 'interpreted':
      return value.phrase ? `${valueInWords(value.inner)} (${value.phrase})` : valueInWords(value.inner);
    case 'phrase':
      return value.phrase;
    default:
      return `${QUALIFIER_WORDS[value.qualifier]}${simpleInWords(value.date)}`;
  }
}

/**
 * A genealogical date as people read it: "about 1850", "between 1900 and 1910", "12 March 1901",
 * "1700 (Julian)", "44 BC". Text that is not a date comes back as it was written.
 */
export function dateInWords(text: string): string {
  try {
    return valueInWords(parseValue(text));
  } catch (error) {
    if (error instanceof DateGrammarError) return text;
    throw error;
  }
}

/** The year of one calendar date as people count years: Hebrew and French Republican years become Gregorian. */
function yearOfSimple(date: SimpleDate): string {
  if (date.calendar === 'hebrew' || date.calendar === 'french') return String(dayToGregorian(date.first).year);
  return date.bce ? `${date.year} BC` : String(date.year);
}

function yearsOfValue(value: ParsedValue): string {
  switch (value.qualifier) {
    case 'between':
    case 'fromTo': {
      const [start, end] = [yearOfSimple(value.start), yearOfSimple(value.end)];
      return start === end ? start : `${start}/${end}`;
    }
    case 'interpreted':
      return yearsOfValue(value.inner);
    case 'phrase':
      return value.phrase;
    case 'calculated':
    case 'estimated':
      return `about ${yearOfSimple(value.date)}`;
    default:
      return `${QUALIFIER_WORDS[value.qualifier]}${yearOfSimple(value.date)}`;
  }
}

/**
 * A genealogical date as a year alone, for where space is short (lists, the tree): "1850", "about 1850",
 * "before 1900", "1900/1910" (between the two). Text that is not a date comes back as it was written.
 */
export function yearInWords(text: string): string {
  try {
    return yearsOfValue(parseValue(text));
  } catch (error) {
    if (error instanceof DateGrammarError) return text;
    throw error;
  }
}

/**
 * A life in years: "1901–1975", "about 1850 – 1910", "born 1990", "died 1944", "1850–?" (dead, the year of death
 * unknown); null when nothing is known. `dead` says a death is recorded even without a date.
 */
export function lifeYearsInWords(birthDate: string | null, deathDate: string | null, dead: boolean): string | null {
  const born = birthDate ? yearInWords(birthDate) : null;
  const died = deathDate ? yearInWords(deathDate) : null;
  if (!dead && !died) return born ? `born ${born}` : null;
  if (!born && !died) return null;
  if (!born) return `died ${died}`;
  const dash = /\s/.test(born) || (died !== null && /\s/.test(died)) ? ' – ' : '–';
  return `${born}${dash}${died ?? '?'}`;
}

// --- Dates of media items ---------------------------------------------------------------------------------

/**
 * An item's date (docs/product.md "Uncertain dates"): an exact day (`text` null), or a genealogical date with
 * its earliest and latest day (null for an open end: `BEF 1940` has no earliest) and the day it sorts and
 * groups at, the middle of its span (the known end when one is open). Days are ISO `YYYY-MM-DD`.
 */
export interface ItemDate {
  text: string | null;
  earliest: string | null;
  latest: string | null;
  middle: string;
}

export type ItemDateResult = { valid: true; date: ItemDate } | { valid: false; reason: string };

/** Words people type that the grammar writes otherwise; only for item dates, where the archive writes GEDCOM. */
const ITEM_DATE_WORDS: Record<string, string> = {
  ...NOT_GEDCOM_WORDS,
  AROUND: 'ABT',
  'CIRCA.': 'ABT',
  'CA.': 'ABT',
  C: 'ABT',
  ...Object.fromEntries(
    [
      'JANUARY',
      'FEBRUARY',
      'MARCH',
      'APRIL',
      'MAY',
      'JUNE',
      'JULY',
      'AUGUST',
      'SEPTEMBER',
      'OCTOBER',
      'NOVEMBER',
      'DECEMBER',
    ].map((name, i) => [name, GREGORIAN_MONTHS[i]!]),
  ),
  SEPT: 'SEP',
};
/** A season is written as the range of its months (DESIGN §14: `SUMMER 1962` is `BET JUN 1962 AND AUG 1962`). */
const SEASONS: Record<string, { first: number; last: number }> = {
  SPRING: { first: 3, last: 5 },
  SUMMER: { first: 6, last: 8 },
  AUTUMN: { first: 9, last: 11 },
  FALL: { first: 9, last: 11 },
  WINTER: { first: 12, last: 2 },
};
const ITEM_DATE_EXAMPLES = 'like 1955-03-12, ABT 1955, 1950s, BEF 1940, SUMMER 1962 or BET 1950 AND 1953';
const EARLIEST_ITEM_DAY = '1000-01-01';

/** The GEDCOM text for what a person typed: `1950s`, `summer 1962`, `about 1955`, `March 1955`. */
function itemDateGrammar(input: string): string {
  const upper = input.trim().replace(/\s+/g, ' ').toUpperCase();
  const decade = /^(\d{3})0'?S$/.exec(upper);
  if (decade) return `BET ${decade[1]}0 AND ${decade[1]}9`;
  const season = /^(SPRING|SUMMER|AUTUMN|FALL|WINTER) (\d{4})$/.exec(upper);
  if (season) {
    const { first, last } = SEASONS[season[1]]!;
    const year = Number(season[2]);
    const endYear = last < first ? year + 1 : year;
    return `BET ${GREGORIAN_MONTHS[first - 1]} ${year} AND ${GREGORIAN_MONTHS[last - 1]} ${endYear}`;
  }
  return upper
    .split(' ')
    .map((word) => (Object.hasOwn(ITEM_DATE_WORDS, word) ? ITEM_DATE_WORDS[word]! : word))
    .join(' ');
}

/**
 * Reads an item's date as typed: `YYYY-MM-DD`, or a genealogical date in the grammar above with a few words
 * people write (`about`, `1950s`, `summer 1962`, month names). A span of one day is an exact day. Answers a
 * sentence when it is no date, has no year, or reaches before the year 1000.
 */
export function parseItemDate(input: string): ItemDateResult {
  const trimmed = input.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(trimmed)) {
    const [year, month, day] = trimmed.split('-').map(Number) as [number, number, number];
    if (
      month < 1 ||
      month > 12 ||
      day < 1 ||
      day > monthLength('gregorian', year, month) ||
      trimmed < EARLIEST_ITEM_DAY
    ) {
      return { valid: false, reason: `"${trimmed}" is not a day from the year 1000 on.` };
    }
    return { valid: true, date: { text: null, earliest: trimmed, latest: trimmed, middle: trimmed } };
  }
  const text = itemDateGrammar(trimmed);
  let parsed: ParsedValue;
  try {
    parsed = parseValue(text);
  } catch (error) {
    if (!(error instanceof DateGrammarError)) throw error;
    return {
      valid: false,
      reason: `"${trimmed}" is not a date: ${error.message.replace(EXAMPLES, ITEM_DATE_EXAMPLES)}`,
    };
  }
  const [first, last] = spanOf(parsed);
  if (first === null && last === null) {
    return { valid: false, reason: `"${trimmed}" has no year; write a date ${ITEM_DATE_EXAMPLES}.` };
  }
  const earliest = first === null ? null : dayToIso(first);
  const latest = last === null ? null : dayToIso(last);
  const middle = dayToIso(first !== null && last !== null ? Math.floor((first + last) / 2) : (first ?? last)!);
  if ((earliest ?? middle) < EARLIEST_ITEM_DAY || middle.length !== 10 || (latest !== null && latest.length !== 10)) {
    return { valid: false, reason: `"${trimmed}" reaches outside the years 1000 to 9999.` };
  }
  if (first === last) return { valid: true, date: { text: null, earliest, latest, middle } };
  return { valid: true, date: { text, earliest, latest, middle } };
}

/** `BET 1950 AND 1959` as "1950s", `BET JUN 1962 AND AUG 1962` as "summer 1962"; null for other dates. */
function namedSpanInWords(value: ParsedValue): string | null {
  if (value.qualifier !== 'between') return null;
  const { start, end } = value;
  if (start.calendar !== 'gregorian' || end.calendar !== 'gregorian' || start.bce || end.bce) return null;
  if (start.day !== null || end.day !== null) return null;
  if (start.month === null && end.month === null && start.year % 10 === 0 && end.year === start.year + 9) {
    return `${start.year}s`;
  }
  if (start.month === null || end.month === null) return null;
  for (const [name, months] of Object.entries(SEASONS)) {
    if (name === 'FALL') continue;
    const endYear = months.last < months.first ? start.year + 1 : start.year;
    if (start.month === months.first && end.month === months.last && end.year === endYear) {
      return `${name.toLowerCase()} ${start.year}`;
    }
  }
  return null;
}

/**
 * An item's date as people read it: "about 1955", "1950s", "summer 1962", "before 1940"; an exact day
 * (`text` null) is left to the caller's own day format.
 */
export function itemDateInWords(text: string): string {
  try {
    const parsed = parseValue(text);
    return namedSpanInWords(parsed) ?? valueInWords(parsed);
  } catch (error) {
    if (error instanceof DateGrammarError) return text;
    throw error;
  }
}

/** The earliest and latest day of a genealogical date (a person's birth or death), for bounding an item's date. */
export function genealogicalSpan(text: string): { earliest: string | null; latest: string | null } {
  const parsed = parseGenealogicalDate(text);
  return parsed.valid
    ? { earliest: parsed.date.earliest, latest: parsed.date.latest }
    : { earliest: null, latest: null };
}
