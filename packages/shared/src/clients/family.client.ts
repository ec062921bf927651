import type { TakeoutGedcom, TakeoutTiesPage, ExportScope } from '@family/contract';
import { ServiceClient } from './service-client';

const PURGE_TIMEOUT_MS = 120_000;
/** A page of an export's reads may take long on a large archive (the GEDCOM of thousands of people). */
const PAGE_TIMEOUT_MS = 120_000;

/** The family service's internal routes: relations of purged accounts, and the tree for takeout. */
export class FamilyClient extends ServiceClient {
  protected readonly service = 'family';

  /** A person (with or without an account) is being deleted: their relations go. */
  purgeUser(id: number, timeoutMs = PURGE_TIMEOUT_MS): Promise<void> {
    return this.call('DELETE', `/internal/users/${id}`, { timeoutMs });
  }

  /**
   * A takeout's family.ged through the GEDCOM import, sent as a file (it may be megabytes): which person each
   * record (`I1`) is here. `known`: records that are members here already.
   */
  peopleFromGedcom(
    createdBy: number,
    file: Blob,
    known: Map<string, number>,
  ): Promise<{ people?: Record<string, number> }> {
    const form = new FormData();
    form.set('file', file, 'family.ged');
    const query = new URLSearchParams({ createdBy: String(createdBy) });
    if (known.size > 0) query.set('known', [...known].map(([record, id]) => `${record}:${id}`).join(','));
    return this.call('POST', `/internal/gedcom/takeout-people?${query}`, { form, timeoutMs: 30 * 60_000 });
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
