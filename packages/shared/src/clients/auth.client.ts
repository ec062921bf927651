import type {
  CreateAccountRequest,
  LoginAnswer,
  LoginRequest,
  PasskeyCeremony,
  PasskeySummary,
  RecoveryCodesResponse,
  ResetPasswordRequest,
  TotpEnrolment,
  UserProfile,
} from '@family/contract';
import { ServiceClient } from './service-client';

/** Account deletion removes files everywhere, service by service: it may rightly take minutes. */
const ACCOUNT_DELETION_TIMEOUT_MS = 10 * 60_000;

/** The auth service's internal routes: accounts, sign-in, person ids and invites. */
export class AuthClient extends ServiceClient {
  protected readonly service = 'auth';

  /** A new member (sign-up, or a relative's account made by a member). */
  createAccount(request: CreateAccountRequest): Promise<UserProfile> {
    return this.call('POST', '/internal/accounts', { body: request });
  }

  /** The person, and the second step their account asks for (docs/rights.md "Two-step sign-in"). */
  logIn(request: LoginRequest): Promise<LoginAnswer> {
    return this.call('POST', '/internal/logins', { body: request });
  }

  secondFactors(accountId: number): Promise<{ totp: boolean; recoveryCodesLeft: number; passkeys: PasskeySummary[] }> {
    return this.call('GET', `/internal/accounts/${accountId}/second-factors`);
  }

  startTotp(accountId: number, username: string): Promise<TotpEnrolment> {
    return this.call('POST', `/internal/accounts/${accountId}/totp`, { body: { username } });
  }

  confirmTotp(accountId: number, code: string): Promise<RecoveryCodesResponse> {
    return this.call('POST', `/internal/accounts/${accountId}/totp/confirm`, { body: { code } });
  }

  /** 401 `invalid_second_factor_code` for a wrong, spent or replayed code. */
  verifySecondFactor(accountId: number, code: string): Promise<{ method: 'totp' | 'recovery' }> {
    return this.call('POST', `/internal/accounts/${accountId}/second-factor/verify`, { body: { code } });
  }

  disableTotp(accountId: number, code: string): Promise<void> {
    return this.call('POST', `/internal/accounts/${accountId}/totp/disable`, { body: { code } });
  }

  /** The id lets the gateway end the account's sessions. */
  resetPassword(request: ResetPasswordRequest): Promise<{ message: string; userId: number }> {
    return this.call('POST', '/internal/password-resets', { body: request });
  }

  deleteAccount(id: number): Promise<void> {
    return this.call('DELETE', `/internal/accounts/${id}`, { timeoutMs: ACCOUNT_DELETION_TIMEOUT_MS });
  }

  /** The id of a new person without an account (profile writes their profile). */
  newPerson(): Promise<{ id: number }> {
    return this.call('POST', '/internal/people');
  }

  /** Refused for a person with an account. */
  removePerson(id: number): Promise<void> {
    return this.call('DELETE', `/internal/people/${id}`);
  }

  newPeople(count: number): Promise<{ ids: number[] }> {
    return this.call('POST', '/internal/people/batch', { body: { count } });
  }

  removePeople(ids: number[], timeoutMs?: number): Promise<void> {
    return this.call('POST', '/internal/people/batch-delete', { body: { ids }, timeoutMs });
  }

  createInvite(personId: number, createdBy: number): Promise<{ code: string; expiresAt: string }> {
    return this.call('POST', '/internal/invites', { body: { personId, createdBy } });
  }

  hasOpenInvite(personId: number): Promise<{ open: boolean }> {
    return this.call('GET', `/internal/people/${personId}/open-invite`);
  }

  /** WebAuthn options (PublicKeyCredentialCreationOptionsJSON) to add a passkey for `rpId`. */
  passkeyRegistrationOptions(accountId: number, username: string, rpId: string): Promise<{ challenge: string }> {
    return this.call('POST', `/internal/accounts/${accountId}/passkeys/registration-options`, {
      body: { username, rpId },
    });
  }

  addPasskey(accountId: number, ceremony: PasskeyCeremony & { name?: string }): Promise<PasskeySummary> {
    return this.call('POST', `/internal/accounts/${accountId}/passkeys`, { body: ceremony });
  }

  /** WebAuthn options (PublicKeyCredentialRequestOptionsJSON) for the second step with a passkey. */
  passkeyAuthenticationOptions(accountId: number, rpId: string): Promise<{ challenge: string }> {
    return this.call('POST', `/internal/accounts/${accountId}/passkeys/authentication-options`, { body: { rpId } });
  }

  /** 401 `invalid_second_factor_code` for an answer that is not of this account's passkeys, or does not verify. */
  verifyPasskey(accountId: number, ceremony: PasskeyCeremony): Promise<{ method: 'passkey' }> {
    return this.call('POST', `/internal/accounts/${accountId}/passkeys/verify`, { body: ceremony });
  }

  removePasskey(accountId: number, passkeyId: number): Promise<void> {
    return this.call('DELETE', `/internal/accounts/${accountId}/passkeys/${passkeyId}`);
  }

  /** Whether a member is an admin (docs/rights.md "Admins"): the gateway asks it for each request to /api/admin. */
  role(id: number): Promise<{ admin: boolean }> {
    return this.call('GET', `/internal/accounts/${id}/role`);
  }
}
