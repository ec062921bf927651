import { Injectable, NotFoundException } from '@nestjs/common';
import { createHash, randomInt } from 'node:crypto';
import { AccountRepository } from '../repositories/account.repository';

const LIFETIME_MS = 24 * 60 * 60 * 1000;
// No 0/O or 1/I/L: codes are read aloud and typed by hand.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** Normalised so 'abcd-efgh', 'ABCDEFGH' and ' abcd efgh ' are the same code. */
function hashCode(code: string): string {
  return createHash('sha256')
    .update(code.toUpperCase().replace(/[^A-Z0-9]/g, ''))
    .digest('hex');
}

@Injectable()
export class ResetCodeService {
  constructor(private readonly accounts: AccountRepository) {}

  /** A one-time code valid for 24 hours, shown once; only its hash is kept. */
  async create(username: string): Promise<{ code: string; expiresAt: Date; username: string }> {
    const account = await this.accounts.findByUsername(username);
    if (!account) throw new NotFoundException(`No account is named "${username}".`);
    const raw = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    const code = `${raw.slice(0, 5)}-${raw.slice(5)}`;
    const expiresAt = new Date(Date.now() + LIFETIME_MS);
    await this.accounts.replaceResetCode(account.id, hashCode(code), expiresAt);
    return { code, expiresAt, username: account.username ?? username };
  }

  consume(accountId: number, code: string): Promise<boolean> {
    return this.accounts.consumeResetCode(accountId, hashCode(code));
  }
}
