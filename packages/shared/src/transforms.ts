/** class-transformer helpers for request DTOs. */
import { MAX_ID } from './request-input';

/** Trims text; leaves anything else for the validators to refuse. */
export const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** Optional text: trimmed, and empty (or null) counts as not given. */
export const emptyToUndefined = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value ?? undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
};

/** Optional text that can be cleared: trimmed, and empty means "clear it" (null); left out stays left out. */
export const trimToNull = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};

/** An id from the query string as a number; anything but digits, or beyond MAX_ID, becomes NaN, which @IsInt refuses. */
export const queryId = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^\d{1,10}$/.test(value) && Number(value) <= MAX_ID ? Number(value) : NaN;
