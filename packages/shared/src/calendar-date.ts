import { ValidateBy, type ValidationOptions } from 'class-validator';
import { EARLIEST_BIRTHDAY, isCalendarDate } from '@family/contract';

// The services read every date rule from here; the check and today's date (in the process's time zone, where the
// archive runs) are the ones the web app uses too.
export { isCalendarDate, localToday } from '@family/contract';

/** The most any time zone is ahead of UTC: a baby born "today" in Kiribati is not refused as born in the future. */
const MOST_AHEAD_OFFSET_MS = 14 * 60 * 60 * 1000;

/** class-validator: a calendar date (see isCalendarDate). */
export function IsCalendarDate(options?: ValidationOptions) {
  return ValidateBy({ name: 'isCalendarDate', validator: { validate: (value) => isCalendarDate(value) } }, options);
}

/** The latest date that is today somewhere on Earth, `YYYY-MM-DD`. */
export function latestToday(now: Date = new Date()): string {
  return new Date(now.getTime() + MOST_AHEAD_OFFSET_MS).toISOString().slice(0, 10);
}

/** A birthday: a calendar date from 1900-01-01 up to today. */
export function isBirthday(value: unknown, now: Date = new Date()): value is string {
  return isCalendarDate(value) && value >= EARLIEST_BIRTHDAY && value <= latestToday(now);
}

/** class-validator: a birthday (see isBirthday). */
export function IsBirthday(options?: ValidationOptions) {
  return ValidateBy({ name: 'isBirthday', validator: { validate: (value) => isBirthday(value) } }, options);
}
