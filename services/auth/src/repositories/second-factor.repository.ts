import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { RecoveryCodeEntity } from '../entities/recovery-code.entity';
import { TotpFactorEntity } from '../entities/totp-factor.entity';

/** Members' second factors: the authenticator secret and the recovery codes. Races are closed by the statements. */
@Injectable()
export class SecondFactorRepository {
  constructor(
    @InjectRepository(TotpFactorEntity) private readonly totp: Repository<TotpFactorEntity>,
    @InjectRepository(RecoveryCodeEntity) private readonly recoveryCodes: Repository<RecoveryCodeEntity>,
  ) {}

  findTotp(accountId: number): Promise<TotpFactorEntity | null> {
    return this.totp.findOneBy({ accountId });
  }

  /** A new secret for an enrolment in progress; false when a confirmed one is in place (it is never replaced). */
  async startTotp(accountId: number, sealedSecret: string): Promise<boolean> {
    const rows: unknown[] = await this.totp.query(
      `INSERT INTO totp_factors (account_id, secret) VALUES ($1, $2)
       ON CONFLICT (account_id) DO UPDATE SET secret = EXCLUDED.secret, created_at = now()
       WHERE totp_factors.confirmed_at IS NULL
       RETURNING account_id`,
      [accountId, sealedSecret],
    );
    return rows.length > 0;
  }

  /** Confirms the enrolment and puts ten new recovery codes in place of any old ones, or does nothing. */
  confirmTotp(accountId: number, timeStep: number, codeHashes: string[]): Promise<boolean> {
    return this.totp.manager.transaction(async (manager) => {
      const result = await manager.update(
        TotpFactorEntity,
        { accountId, confirmedAt: IsNull() },
        { confirmedAt: new Date(), lastTimeStep: String(timeStep) },
      );
      if (!result.affected) return false;
      await manager.delete(RecoveryCodeEntity, { accountId });
      await manager.insert(
        RecoveryCodeEntity,
        codeHashes.map((codeHash) => ({ accountId, codeHash, usedAt: null })),
      );
      return true;
    });
  }

  /**
   * Takes a code's time step if it is later than the last one taken: of two requests with the same code at once,
   * only one wins.
   */
  async takeTimeStep(accountId: number, timeStep: number): Promise<boolean> {
    const [, affected]: [unknown, number] = await this.totp.query(
      `UPDATE totp_factors SET last_time_step = $2
       WHERE account_id = $1 AND confirmed_at IS NOT NULL AND (last_time_step IS NULL OR last_time_step < $2)`,
      [accountId, timeStep],
    );
    return affected > 0;
  }

  /** Spends a recovery code: true once, false ever after. */
  async useRecoveryCode(accountId: number, codeHash: string): Promise<boolean> {
    const result = await this.recoveryCodes.update({ accountId, codeHash, usedAt: IsNull() }, { usedAt: new Date() });
    return (result.affected ?? 0) > 0;
  }

  recoveryCodesLeft(accountId: number): Promise<number> {
    return this.recoveryCodes.countBy({ accountId, usedAt: IsNull() });
  }

  /** Turns two-step sign-in off: the secret and every recovery code go. */
  async clear(accountId: number): Promise<void> {
    await this.totp.manager.transaction(async (manager) => {
      await manager.delete(RecoveryCodeEntity, { accountId });
      await manager.delete(TotpFactorEntity, { accountId });
    });
  }
}
