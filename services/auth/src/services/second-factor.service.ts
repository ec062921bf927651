import { ConflictException, Inject, Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import { generateSecret, generateURI, verify } from 'otplib';
import { RECOVERY_CODE_COUNT, type PasskeySummary, type SecondFactorKind, type TotpEnrolment } from '@family/contract';
import { coded } from '@family/shared';
import { SecondFactorRepository } from '../repositories/second-factor.repository';
import { hashCode, makeCode } from './one-time-code';
import { PasskeyService } from './passkey.service';
import { SecretBox } from './secret-box';

export const SECRET_BOX = Symbol('SECRET_BOX');

const ISSUER = 'Family Archive';
/** A code of the step before or after the server's is taken too: phones' clocks drift. */
const TOLERANCE_SECONDS = 30;
const WRONG_CODE = coded(
  'That code is not right. Enter the 6-digit code your authenticator app shows now, or one of your recovery codes.',
  'invalid_second_factor_code',
);

/** Two-step sign-in with an authenticator app and recovery codes (docs/rights.md "Two-step sign-in"). */
@Injectable()
export class SecondFactorService {
  private readonly logger = new Logger(SecondFactorService.name);

  constructor(
    private readonly factors: SecondFactorRepository,
    private readonly passkeys: PasskeyService,
    @Inject(SECRET_BOX) private readonly box: SecretBox,
  ) {}

  /** What a sign-in may ask after the password: a code, a passkey, either, or nothing (an empty list). */
  async secondFactorsOf(accountId: number): Promise<SecondFactorKind[]> {
    const [totp, passkey] = await Promise.all([this.hasTotp(accountId), this.passkeys.hasAny(accountId)]);
    return [...(totp ? (['totp'] as const) : []), ...(passkey ? (['passkey'] as const) : [])];
  }

  async status(accountId: number): Promise<{ totp: boolean; recoveryCodesLeft: number; passkeys: PasskeySummary[] }> {
    const [totp, recoveryCodesLeft, passkeys] = await Promise.all([
      this.hasTotp(accountId),
      this.factors.recoveryCodesLeft(accountId),
      this.passkeys.list(accountId),
    ]);
    return { totp, recoveryCodesLeft, passkeys };
  }

  private async hasTotp(accountId: number): Promise<boolean> {
    return !!(await this.factors.findTotp(accountId))?.confirmedAt;
  }

  /** A new secret, shown now and never again; it guards nothing until a code confirms it. */
  async startTotp(accountId: number, username: string): Promise<TotpEnrolment> {
    const secret = generateSecret();
    if (!(await this.factors.startTotp(accountId, this.box.seal(secret)))) {
      throw new ConflictException('Two-step sign-in is already on. Turn it off first to set it up with another app.');
    }
    return { secret, uri: generateURI({ issuer: ISSUER, label: username, secret }) };
  }

  /** A right code from the new app turns two-step sign-in on; the ten recovery codes are answered this once. */
  async confirmTotp(accountId: number, code: string): Promise<{ recoveryCodes: string[] }> {
    const totp = await this.factors.findTotp(accountId);
    if (!totp || totp.confirmedAt) {
      throw new ConflictException('There is no setup of two-step sign-in to confirm. Start it again.');
    }
    const timeStep = await this.matchingTimeStep(totp.secret, code, null);
    if (timeStep === null) {
      throw new UnauthorizedException(
        coded(
          'That code is not right. Enter the 6-digit code your authenticator app shows now.',
          'invalid_second_factor_code',
        ),
      );
    }
    const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, () => makeCode());
    if (!(await this.factors.confirmTotp(accountId, timeStep, recoveryCodes.map(hashCode)))) {
      throw new ConflictException('There is no setup of two-step sign-in to confirm. Start it again.');
    }
    return { recoveryCodes };
  }

  /**
   * The second step: an authenticator code (each taken once, later than the last one) or an unused recovery
   * code. Answers which one worked; anything else is 401.
   */
  async verify(accountId: number, code: string): Promise<{ method: 'totp' | 'recovery' }> {
    const totp = await this.factors.findTotp(accountId);
    if (!totp?.confirmedAt) throw new UnauthorizedException(WRONG_CODE);
    const digits = code.replace(/\s/g, '');
    if (/^\d{6}$/.test(digits)) {
      const last = totp.lastTimeStep === null ? null : Number(totp.lastTimeStep);
      const timeStep = await this.matchingTimeStep(totp.secret, digits, last);
      if (timeStep !== null && (await this.factors.takeTimeStep(accountId, timeStep))) return { method: 'totp' };
      throw new UnauthorizedException(WRONG_CODE);
    }
    if (await this.factors.useRecoveryCode(accountId, hashCode(code))) return { method: 'recovery' };
    throw new UnauthorizedException(WRONG_CODE);
  }

  /** Turning it off takes a code too, so a borrowed signed-in browser cannot. */
  async disable(accountId: number, code: string): Promise<void> {
    await this.verify(accountId, code);
    await this.factors.clear(accountId);
  }

  /** The operator's reset code: a member who lost their phone signs in with the password alone again. */
  async clearAll(accountId: number): Promise<void> {
    await this.factors.clear(accountId);
    await this.passkeys.clear(accountId);
  }

  /** The time step `code` belongs to, within the tolerance and after `afterTimeStep`; null when none. */
  private async matchingTimeStep(sealed: string, code: string, afterTimeStep: number | null): Promise<number | null> {
    const secret = this.box.open(sealed);
    if (secret === null) {
      this.logger.error('an authenticator secret could not be opened: was INTERNAL_SECRET changed?');
      return null;
    }
    const token = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(token)) return null;
    const result = await verify({
      secret,
      token,
      epochTolerance: TOLERANCE_SECONDS,
      ...(afterTimeStep === null ? {} : { afterTimeStep }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  }
}
