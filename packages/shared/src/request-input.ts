import { ValidateBy, type ValidationOptions } from 'class-validator';

/** The largest id an `int` column holds: no id of the archive is larger (Postgres int4). */
export const MAX_ID = 2_147_483_647;

/** No request of the archive nests deeper than a list of ids in an object; this leaves plenty of room. */
const MAX_DEPTH = 16;

export const NUL_MESSAGE = 'The text contains a null character (\\u0000), which cannot be stored. Please remove it.';
export const TOO_DEEP_MESSAGE = 'The request is nested too deeply.';
export const INVALID_UNICODE_MESSAGE =
  'The text contains invalid Unicode (a lone surrogate such as \\ud800), which cannot be stored. Please remove it.';

// With the u flag, a surrogate matches only when it is not half of a valid pair.
const LONE_SURROGATE = /\p{Cs}/u;

function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return NUL_MESSAGE;
  if (LONE_SURROGATE.test(text)) return INVALID_UNICODE_MESSAGE;
  return null;
}

/**
 * What makes a parsed request body or query unusable before any DTO looks at it, or null: text (values or
 * names) with a null character or a lone surrogate (Postgres can store neither), or nesting far deeper than any
 * request of the archive (the DTO transformer would overflow the stack on it). Walks without recursion, so no
 * input can overflow it either.
 */
export function inputProblem(value: unknown): string | null {
  const pending: Array<[value: unknown, depth: number]> = [[value, 0]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop()!;
    if (typeof current === 'string') {
      const problem = textProblem(current);
      if (problem) return problem;
    } else if (current !== null && typeof current === 'object') {
      if (depth >= MAX_DEPTH) return TOO_DEEP_MESSAGE;
      for (const [name, child] of Object.entries(current)) {
        const problem = textProblem(name);
        if (problem) return problem;
        pending.push([child, depth + 1]);
      }
    }
  }
  return null;
}

/** class-validator: an id of a stored row, a whole number from 1 to MAX_ID (Postgres int4). */
export function IsId(options?: ValidationOptions) {
  return ValidateBy(
    {
      name: 'isId',
      validator: {
        validate: (value) => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_ID,
      },
    },
    options,
  );
}

/**
 * class-validator: text of at most `max` UTF-16 units (JavaScript's `length`), so it always fits a `varchar(max)`
 * column. MaxLength counts a character with a variation selector as one, which Postgres counts as two.
 */
export function MaxTextLength(max: number, options?: ValidationOptions) {
  return ValidateBy(
    {
      name: 'maxTextLength',
      constraints: [max],
      validator: { validate: (value) => typeof value === 'string' && value.length <= max },
    },
    options,
  );
}
