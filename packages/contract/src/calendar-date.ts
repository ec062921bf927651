/** Birthdays start here, on both sides. */
export const EARLIEST_BIRTHDAY = '1900-01-01';

/** Nothing in a family archive is older; it also keeps out year 0, which Postgres has no date for. */
export const EARLIEST_DATE = '1000-01-01';

/** True for a real calendar date written `YYYY-MM-DD` from the year 1000 on (no 2023-02-30, no 2023-2-3). */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && value >= EARLIEST_DATE;
}

/**
 * Today on this clock's calendar (the device's for the web app, the process's time zone for a service), `YYYY-MM-DD`:
 * what a date picker shows as today, the latest birthday the web app accepts, an upload's date when none is given.
 */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
