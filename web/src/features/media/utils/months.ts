// English month names, as the rest of the app's words; UTC so no time zone moves the 1st into another month.
const MONTH_NAME = new Intl.DateTimeFormat('en', { month: 'long', timeZone: 'UTC' });

/** `YYYY-MM` of a `YYYY-MM-DD` media date. */
export const monthOf = (mediaDate: string) => mediaDate.slice(0, 7);

/** "March" for `2022-03`. */
export function monthName(month: string): string {
  const first = new Date(`${month}-01T00:00:00Z`);
  return Number.isNaN(first.getTime()) ? month : MONTH_NAME.format(first);
}

/** "March 2022" for `2022-03`: the gallery's month headings. */
export const monthLabel = (month: string) => `${monthName(month)} ${month.slice(0, 4)}`;

/** The first day after a month, `YYYY-MM-DD`: `before=` of that day starts the list at the month's newest item. */
export function dayAfterMonth(month: string): string {
  const year = Number(month.slice(0, 4));
  const index = Number(month.slice(5, 7));
  const next = index === 12 ? { year: year + 1, month: 1 } : { year, month: index + 1 };
  return `${String(next.year).padStart(4, '0')}-${String(next.month).padStart(2, '0')}-01`;
}

/** The month a `before=` day starts at (the inverse of dayAfterMonth). */
export function monthBefore(day: string): string {
  const year = Number(day.slice(0, 4));
  const index = Number(day.slice(5, 7));
  return index === 1 ? `${year - 1}-12` : `${day.slice(0, 4)}-${String(index - 1).padStart(2, '0')}`;
}
