import { Injectable, NotFoundException } from '@nestjs/common';
import { AccountRepository } from '../repositories/account.repository';
import { hashCode, makeCode } from './one-time-code';

const LIFETIME_MS = 24 * 60 * 60 * 1000;

@Injectable()
export class ResetCodeService {
  constructor(private readonly accounts: AccountRepository) {}

  /** A one-time code valid for 24 hours, shown once; only its hash is kept. */
  async create(username: string): Promise<{ code: string; expiresAt: Date; username: string }> {
    const account = await this.accounts.findByUsername(username);
    if (!account) throw new NotFoundException(`No account is named "${username}".`);
    const code = makeCode();
    const expiresAt = new Date(Date.now() + LIFETIME_MS);
    await this.accounts.replaceResetCode(account.id, hashCode(code), expiresAt);
    return { code, expiresAt, username: account.username ?? username };
  }

  consume(accountId: number, code: string): Promise<boolean> {
    return this.accounts.consumeResetCode(accountId, hashCode(code));
  }
}
