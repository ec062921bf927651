import { ServiceClient } from './service-client';

const PURGE_TIMEOUT_MS = 120_000;

/**
 * The family service's internal routes: relations of purged accounts. (A takeout's family part is a job of the
 * family worker, not a call: @family/contract's TAKEOUT_FAMILY_*.)
 */
export class FamilyClient extends ServiceClient {
  protected readonly service = 'family';

  /** A person (with or without an account) is being deleted: their relations go. */
  purgeUser(id: number, timeoutMs = PURGE_TIMEOUT_MS): Promise<void> {
    return this.call('DELETE', `/internal/users/${id}`, { timeoutMs });
  }
}
