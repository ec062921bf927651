/** An inclusive byte range of a file of known size. */
export interface SatisfiableRange {
  start: number;
  end: number;
}

/**
 * Reads a `Range` header for a file of `size` bytes (RFC 9110 §14): one range, `bytes=a-b`, `bytes=a-` or
 * `bytes=-n`. Answers 'none' when the header is absent, malformed or asks for several ranges (the whole file is
 * then sent, as the RFC allows), 'unsatisfiable' when it lies wholly past the end.
 */
export function parseRange(header: string | undefined, size: number): SatisfiableRange | 'none' | 'unsatisfiable' {
  if (!header) return 'none';
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'none';
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (!Number.isSafeInteger(suffix)) return 'none';
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? Infinity : Number(match[2]);
  if (!Number.isSafeInteger(start) || Number.isNaN(end) || end < start) return 'none';
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}

/** Whether an `If-None-Match` header matches our strong ETag (weak comparison, as RFC 9110 §13.1.2 says). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === bare);
}
