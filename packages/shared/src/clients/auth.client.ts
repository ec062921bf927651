import type { CreateAccountRequest, LoginRequest, ResetPasswordRequest, UserProfile } from '@family/contract';
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

  logIn(request: LoginRequest): Promise<UserProfile> {
    return this.call('POST', '/internal/logins', { body: request });
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

  /** Whether a member is an admin (docs/rights.md "Admins"): the gateway asks it for each request to /api/admin. */
  role(id: number): Promise<{ admin: boolean }> {
    return this.call('GET', `/internal/accounts/${id}/role`);
  }
}
