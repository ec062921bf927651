import { createHash, randomInt } from 'node:crypto';

// No 0/O or 1/I/L: codes are read aloud and typed by hand.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A code of `length` characters in groups of five: `ABCDE-FGHJK`. */
export function makeCode(length = 10): string {
  const raw = Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return raw.match(/.{1,5}/g)!.join('-');
}

/** Normalised so 'abcd-efgh', 'ABCDEFGH' and ' abcd efgh ' are the same code. */
export function hashCode(code: string): string {
  return createHash('sha256')
    .update(code.toUpperCase().replace(/[^A-Z0-9]/g, ''))
    .digest('hex');
}
