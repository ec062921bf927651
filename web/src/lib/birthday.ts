import { EARLIEST_BIRTHDAY, isCalendarDate } from '@family/contract';
import { calendarDateParts } from './calendar-date';

/**
 * Birthdays (docs/product.md "Dates"): a real calendar date from 1900-01-01 up to today on this device's calendar.
 * The server allows up to today in the time zone furthest ahead, so nothing accepted here is refused there.
 */

/** What is wrong with a birthday. */
export type BirthdayFault = 'not-a-date' | 'in-the-future' | 'before-earliest';

/** The one birthday check, for the profile and the new-member forms alike; `today` as `localToday()` gives it. */
export function birthdayFault(value: string, today: string): BirthdayFault | null {
  if (!isCalendarDate(value)) return 'not-a-date';
  if (value > today) return 'in-the-future';
  if (value < EARLIEST_BIRTHDAY) return 'before-earliest';
  return null;
}

/** The server's sentence for any birthday it refuses; a profile edit says it too (docs/product.md "Profile edits"). */
export const BIRTHDAY_MESSAGE = 'Please enter a valid date in YYYY-MM-DD format';

/** The new-member forms say which part is wrong (docs/product.md "New family member form"). */
export const BIRTHDAY_FAULT_MESSAGES: Record<BirthdayFault, string> = {
  'not-a-date': 'Please enter a valid date',
  'in-the-future': 'Birthday cannot be in the future',
  'before-earliest': `Birthday cannot be before ${EARLIEST_BIRTHDAY}`,
};

/** A profile edit's birthday: the server's sentence when it cannot be saved, else null. */
export function birthdayProblem(value: string, today: string): string | null {
  return birthdayFault(value, today) ? BIRTHDAY_MESSAGE : null;
}

/** Whole years from the birthday to `today`, by the calendar (the birthday counts from its day). */
export function ageOn(dateOfBirth: string, today: string): number | null {
  const born = calendarDateParts(dateOfBirth);
  const now = calendarDateParts(today);
  if (!born || !now) return null;
  const hadBirthday = now.month > born.month || (now.month === born.month && now.day >= born.day);
  const age = now.year - born.year - (hadBirthday ? 0 : 1);
  return age >= 0 ? age : null;
}
