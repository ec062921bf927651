/**
 * Day arithmetic for the four calendars GEDCOM knows, on one shared day count (Rata Die: day 1 is
 * 1 January of year 1 in the proleptic Gregorian calendar). Years are astronomical: year 0 is 1 BC.
 * The algorithms are the arithmetic ones of Reingold & Dershowitz, "Calendrical Calculations"; the French
 * Republican calendar uses the arithmetic leap rule (years 3, 7, 11, … are leap), which matches its
 * historical use from year I to year XIV.
 */

export type Calendar = 'gregorian' | 'julian' | 'french' | 'hebrew';

const floorDiv = (a: number, b: number) => Math.floor(a / b);
const mod = (a: number, b: number) => a - b * Math.floor(a / b);

// --- Gregorian --------------------------------------------------------------------------------------------

export function isGregorianLeapYear(year: number): boolean {
  return mod(year, 4) === 0 && (mod(year, 100) !== 0 || mod(year, 400) === 0);
}

export function gregorianToDay(year: number, month: number, day: number): number {
  const y = year - 1;
  return (
    365 * y +
    floorDiv(y, 4) -
    floorDiv(y, 100) +
    floorDiv(y, 400) +
    floorDiv(367 * month - 362, 12) +
    (month <= 2 ? 0 : isGregorianLeapYear(year) ? -1 : -2) +
    day
  );
}

export function dayToGregorian(dayNumber: number): { year: number; month: number; day: number } {
  const d0 = dayNumber - 1;
  const n400 = floorDiv(d0, 146097);
  const d1 = mod(d0, 146097);
  const n100 = floorDiv(d1, 36524);
  const d2 = mod(d1, 36524);
  const n4 = floorDiv(d2, 1461);
  const d3 = mod(d2, 1461);
  const n1 = floorDiv(d3, 365);
  let year = 400 * n400 + 100 * n100 + 4 * n4 + n1;
  if (!(n100 === 4 || n1 === 4)) year += 1;
  const priorDays = dayNumber - gregorianToDay(year, 1, 1);
  const correction = dayNumber < gregorianToDay(year, 3, 1) ? 0 : isGregorianLeapYear(year) ? 1 : 2;
  const month = floorDiv(12 * (priorDays + correction) + 373, 367);
  const day = dayNumber - gregorianToDay(year, month, 1) + 1;
  return { year, month, day };
}

/** ISO 8601 calendar day; years before 1 AD are written astronomically with a minus sign (`-0043-03-13`). */
export function dayToIso(dayNumber: number): string {
  const { year, month, day } = dayToGregorian(dayNumber);
  const yearText = year < 0 ? `-${String(-year).padStart(4, '0')}` : String(year).padStart(4, '0');
  return `${yearText}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

// --- Julian -----------------------------------------------------------------------------------------------

const JULIAN_EPOCH = gregorianToDay(0, 12, 30);

export function isJulianLeapYear(year: number): boolean {
  return mod(year, 4) === 0;
}

export function julianToDay(year: number, month: number, day: number): number {
  const y = year - 1;
  return (
    JULIAN_EPOCH -
    1 +
    365 * y +
    floorDiv(y, 4) +
    floorDiv(367 * month - 362, 12) +
    (month <= 2 ? 0 : isJulianLeapYear(year) ? -1 : -2) +
    day
  );
}

// --- French Republican ------------------------------------------------------------------------------------

/** 1 Vendémiaire an I = 22 September 1792. */
const FRENCH_EPOCH = gregorianToDay(1792, 9, 22);

export function isFrenchLeapYear(year: number): boolean {
  return mod(year + 1, 4) === 0;
}

/** Months 1–12 have 30 days; month 13 holds the 5 or 6 complementary days. */
export function frenchToDay(year: number, month: number, day: number): number {
  return FRENCH_EPOCH - 1 + 365 * (year - 1) + floorDiv(year, 4) + 30 * (month - 1) + day;
}

export function frenchMonthLength(year: number, month: number): number {
  if (month < 13) return 30;
  return isFrenchLeapYear(year) ? 6 : 5;
}

// --- Hebrew -----------------------------------------------------------------------------------------------
// Months are numbered as in Calendrical Calculations: Nisan = 1 … Elul = 6, Tishri = 7 … Adar = 12, Adar II = 13.
// The year starts at Tishri.

const HEBREW_EPOCH = julianToDay(-3760, 10, 7);

export function isHebrewLeapYear(year: number): boolean {
  return mod(7 * year + 1, 19) < 7;
}

function hebrewElapsedDays(year: number): number {
  const monthsElapsed = floorDiv(235 * year - 234, 19);
  const partsElapsed = 12084 + 13753 * monthsElapsed;
  const days = 29 * monthsElapsed + floorDiv(partsElapsed, 25920);
  return mod(3 * (days + 1), 7) < 3 ? days + 1 : days;
}

function hebrewYearLengthCorrection(year: number): number {
  const ny0 = hebrewElapsedDays(year - 1);
  const ny1 = hebrewElapsedDays(year);
  const ny2 = hebrewElapsedDays(year + 1);
  if (ny2 - ny1 === 356) return 2;
  if (ny1 - ny0 === 382) return 1;
  return 0;
}

function hebrewNewYear(year: number): number {
  return HEBREW_EPOCH + hebrewElapsedDays(year) + hebrewYearLengthCorrection(year);
}

function hebrewYearLength(year: number): number {
  return hebrewNewYear(year + 1) - hebrewNewYear(year);
}

export function hebrewMonthLength(year: number, month: number): number {
  if ([2, 4, 6, 10, 13].includes(month)) return 29;
  if (month === 12 && !isHebrewLeapYear(year)) return 29;
  if (month === 8 && hebrewYearLength(year) % 10 !== 5) return 29;
  if (month === 9 && hebrewYearLength(year) % 10 === 3) return 29;
  return 30;
}

export function hebrewToDay(year: number, month: number, day: number): number {
  const lastMonth = isHebrewLeapYear(year) ? 13 : 12;
  let days = hebrewNewYear(year) + day - 1;
  if (month < 7) {
    for (let m = 7; m <= lastMonth; m++) days += hebrewMonthLength(year, m);
    for (let m = 1; m < month; m++) days += hebrewMonthLength(year, m);
  } else {
    for (let m = 7; m < month; m++) days += hebrewMonthLength(year, m);
  }
  return days;
}

/** The day number of a day in any of the four calendars. */
export function calendarToDay(calendar: Calendar, year: number, month: number, day: number): number {
  switch (calendar) {
    case 'gregorian':
      return gregorianToDay(year, month, day);
    case 'julian':
      return julianToDay(year, month, day);
    case 'french':
      return frenchToDay(year, month, day);
    case 'hebrew':
      return hebrewToDay(year, month, day);
  }
}

const GREGORIAN_MONTH_LENGTHS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function monthLength(calendar: Calendar, year: number, month: number): number {
  switch (calendar) {
    case 'gregorian':
    case 'julian': {
      const leap = calendar === 'gregorian' ? isGregorianLeapYear(year) : isJulianLeapYear(year);
      return month === 2 && leap ? 29 : GREGORIAN_MONTH_LENGTHS[month - 1];
    }
    case 'french':
      return frenchMonthLength(year, month);
    case 'hebrew':
      return hebrewMonthLength(year, month);
  }
}

/** The first and the last month of a year, in the order the year runs (a Hebrew year runs Tishri … Elul). */
export function yearMonthRange(calendar: Calendar): { first: number; last: number } {
  switch (calendar) {
    case 'french':
      return { first: 1, last: 13 };
    case 'hebrew':
      return { first: 7, last: 6 };
    default:
      return { first: 1, last: 12 };
  }
}
