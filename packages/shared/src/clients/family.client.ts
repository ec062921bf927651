import type { TakeoutGedcom, TakeoutTiesPage, ExportScope } from '@family/contract';
import { ServiceClient } from './service-client';

const PURGE_TIMEOUT_MS = 120_000;
const PAGE_TIMEOUT_MS = 60_000;

/** The family service's internal routes: relations of people who go or merge, and the tree for takeout. */
export class FamilyClient extends ServiceClient {
  protected readonly service = 'family';

  /** A person (with or without an account) is being deleted: their relations go. */
  purgeUser(id: number, timeoutMs = PURGE_TIMEOUT_MS): Promise<void> {
    return this.call('DELETE', `/internal/users/${id}`, { timeoutMs });
  }

  /** A duplicate's ties move to `intoId`, or the whole merge is refused (409) by the family graph rules. */
  mergePerson(personId: number, intoId: number): Promise<void> {
    return this.call('POST', `/internal/people/${personId}/merge`, { body: { intoId } });
  }

  /** One page of the archive's partnerships and child ties, for a takeout export. */
  takeoutTies(after: number, limit: number): Promise<TakeoutTiesPage> {
    return this.call('GET', `/internal/takeout-ties?after=${after}&limit=${limit}`, { timeoutMs: PAGE_TIMEOUT_MS });
  }

  /** The export's family.ged, its OBJE records naming the files' paths inside the export. */
  takeoutGedcom(personId: number, scope: ExportScope): Promise<TakeoutGedcom> {
    return this.call('GET', `/internal/takeout-gedcom?for=${personId}&scope=${scope}`, { timeoutMs: PAGE_TIMEOUT_MS });
  }
}
