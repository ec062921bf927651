/** class-transformer helpers for request DTOs. */

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

/** An id from the query string as a number; anything but digits becomes NaN, which @IsInt then refuses. */
export const queryId = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : NaN;
