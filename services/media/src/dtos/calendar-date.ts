/** A real calendar date written 'YYYY-MM-DD' (2024-02-30 is not one). */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && value >= '1000-01-01';
}

/** Today's calendar date where the archive runs. */
export function today(now = new Date()): string {
  return localDate(now);
}

/** The calendar date of a Date in the process's time zone (what a wall clock there showed). */
export function localDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export const DATE_FORMAT_MESSAGE = 'Please enter the date as YYYY-MM-DD';
