import { BadRequestException, Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { PasskeyCeremony, PasskeySummary } from '@family/contract';
import { coded } from '@family/shared';
import type { PasskeyEntity } from '../entities/passkey.entity';
import { PasskeyRepository } from '../repositories/passkey.repository';

const RP_NAME = 'Family Archive';
const PASSKEY_REFUSED = coded(
  'That passkey did not work. Try it again, or use a code from your authenticator app or a recovery code.',
  'invalid_second_factor_code',
);

export const mapPasskey = (passkey: PasskeyEntity): PasskeySummary => ({
  id: passkey.id,
  name: passkey.name,
  createdAt: passkey.createdAt.toISOString(),
  lastUsedAt: passkey.lastUsedAt?.toISOString() ?? null,
});

/**
 * Passkeys as the second step of signing in (docs/rights.md "Two-step sign-in"), with @simplewebauthn/server.
 * The gateway keeps each ceremony's challenge in the session and hands it here with the browser's answer.
 */
@Injectable()
export class PasskeyService {
  constructor(private readonly passkeys: PasskeyRepository) {}

  async list(accountId: number): Promise<PasskeySummary[]> {
    return (await this.passkeys.listOf(accountId)).map(mapPasskey);
  }

  async hasAny(accountId: number): Promise<boolean> {
    return (await this.passkeys.countOf(accountId)) > 0;
  }

  async registrationOptions(
    accountId: number,
    username: string,
    rpId: string,
  ): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const existing = await this.passkeys.listOf(accountId);
    return generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: rpId,
      userName: username,
      userID: new TextEncoder().encode(`family-archive-${accountId}`),
      attestationType: 'none',
      excludeCredentials: existing.map((passkey) => ({
        id: passkey.credentialId,
        transports: passkey.transports,
      })),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    });
  }

  async register(accountId: number, ceremony: PasskeyCeremony, name: string | undefined): Promise<PasskeySummary> {
    let verification;
    try {
      verification = await verifyRegistrationResponse({
        response: ceremony.response as unknown as RegistrationResponseJSON,
        expectedChallenge: ceremony.expectedChallenge,
        expectedOrigin: ceremony.expectedOrigin,
        expectedRPID: ceremony.rpId,
        requireUserVerification: false,
      });
    } catch {
      throw new BadRequestException('The passkey could not be added. Try again.');
    }
    if (!verification.verified) throw new BadRequestException('The passkey could not be added. Try again.');
    const { credential } = verification.registrationInfo;
    const count = await this.passkeys.countOf(accountId);
    const saved = await this.passkeys.add({
      accountId,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey),
      counter: String(credential.counter),
      transports: credential.transports ?? [],
      name: name?.trim() || `Passkey ${count + 1}`,
    });
    return mapPasskey(saved);
  }

  async authenticationOptions(accountId: number, rpId: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const existing = await this.passkeys.listOf(accountId);
    return generateAuthenticationOptions({
      rpID: rpId,
      userVerification: 'preferred',
      allowCredentials: existing.map((passkey) => ({
        id: passkey.credentialId,
        transports: passkey.transports,
      })),
    });
  }

  /** The second step with a passkey of this account; anything else is 401 like a wrong code. */
  async verify(accountId: number, ceremony: PasskeyCeremony): Promise<{ method: 'passkey' }> {
    const response = ceremony.response as unknown as AuthenticationResponseJSON;
    const passkey = typeof response.id === 'string' ? await this.passkeys.findOne(accountId, response.id) : null;
    if (!passkey) throw new UnauthorizedException(PASSKEY_REFUSED);
    let verification;
    try {
      verification = await verifyAuthenticationResponse({
        response,
        expectedChallenge: ceremony.expectedChallenge,
        expectedOrigin: ceremony.expectedOrigin,
        expectedRPID: ceremony.rpId,
        credential: {
          id: passkey.credentialId,
          publicKey: new Uint8Array(passkey.publicKey),
          counter: Number(passkey.counter),
          transports: passkey.transports,
        },
        requireUserVerification: false,
      });
    } catch {
      throw new UnauthorizedException(PASSKEY_REFUSED);
    }
    if (!verification.verified || !(await this.passkeys.use(passkey.id, verification.authenticationInfo.newCounter))) {
      throw new UnauthorizedException(PASSKEY_REFUSED);
    }
    return { method: 'passkey' };
  }

  async remove(accountId: number, passkeyId: number): Promise<void> {
    if (!(await this.passkeys.remove(accountId, passkeyId))) {
      throw new NotFoundException('That passkey is not on your account.');
    }
  }

  clear(accountId: number): Promise<void> {
    return this.passkeys.clear(accountId);
  }
}
