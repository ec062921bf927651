import { isCalendarDate } from '@family/contract';

/**
 * Calendar dates on screen (docs/product.md "Dates"): a media date or a birthday is 'YYYY-MM-DD' and shows as the
 * same day everywhere, never moved by the reader's time zone. Today's date is the contract's `localToday`.
 */

export type CalendarDateParts = { year: number; month: number; day: number };

/** The year, month (1–12) and day of a calendar date, or null when the text is not one. */
export function calendarDateParts(value: string): CalendarDateParts | null {
  if (!isCalendarDate(value)) return null;
  const [year, month, day] = value.split('-').map(Number);
  return { year, month, day };
}

/** '2 March 1948' (or 'March 2, 1948') in the reader's language; text that is not a calendar date shows as it is. */
export function formatCalendarDate(value: string): string {
  const date = calendarDateParts(value);
  if (!date) return value;
  // Made and read in UTC, so no time zone can move it to the day before or after.
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).toLocaleDateString(undefined, {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}
