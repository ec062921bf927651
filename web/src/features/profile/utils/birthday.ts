import { EARLIEST_BIRTHDAY } from '@family/contract';

/** Birthdays are calendar dates, 'YYYY-MM-DD', never shifted by time zones (docs/product.md "Dates"). */

export const BIRTHDAY_MESSAGE = 'Please enter a valid date in YYYY-MM-DD format';

type CalendarDate = { year: number; month: number; day: number };

function parse(value: string): CalendarDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** Today on this device's calendar, 'YYYY-MM-DD'. */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The sentence for a birthday that can't be saved, or null: a real date from 1900-01-01 up to today. */
export function birthdayProblem(value: string, today: string = localToday()): string | null {
  if (!parse(value)) return BIRTHDAY_MESSAGE;
  if (value < EARLIEST_BIRTHDAY || value > today) return BIRTHDAY_MESSAGE;
  return null;
}

/** Whole years from the birthday to `today`, by the calendar (the birthday counts from its day). */
export function ageOn(dateOfBirth: string, today: string = localToday()): number | null {
  const born = parse(dateOfBirth);
  const now = parse(today);
  if (!born || !now) return null;
  const hadBirthday = now.month > born.month || (now.month === born.month && now.day >= born.day);
  const age = now.year - born.year - (hadBirthday ? 0 : 1);
  return age >= 0 ? age : null;
}

/** '2 March 1948' in the reader's language; the date itself never moves. */
export function formatBirthday(dateOfBirth: string): string {
  const date = parse(dateOfBirth);
  if (!date) return dateOfBirth;
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).toLocaleDateString(undefined, {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}
