import type { AlbumAccess, ExportScope, ImportedAlbum, TakeoutAlbum, TakeoutPage } from '@family/contract';
import { ServiceClient } from './service-client';

const PURGE_TIMEOUT_MS = 120_000;
/** A page of an export's reads may take long on a large archive (the GEDCOM of thousands of people). */
const PAGE_TIMEOUT_MS = 120_000;

/** The albums service's internal routes: a person's album rights, purges, and albums for takeout. */
export class AlbumsClient extends ServiceClient {
  protected readonly service = 'albums';

  /** The albums a person sees, may edit, and created (docs/rights.md "Album visibility"). */
  albumAccess(personId: number): Promise<AlbumAccess> {
    return this.call('GET', `/internal/users/${personId}/album-access`);
  }

  /** An account is being deleted: its albums and memberships. */
  purgeUser(id: number): Promise<void> {
    return this.call('DELETE', `/internal/users/${id}`, { timeoutMs: PURGE_TIMEOUT_MS });
  }

  /** An album of an imported export, made (or found again by its source) as the importing member. */
  importAlbum(album: ImportedAlbum): Promise<{ id: number; created: boolean }> {
    return this.call('POST', '/internal/takeout/albums', { body: album, timeoutMs: 30_000 });
  }

  /** Takes back albums a failed import made. */
  deleteImportedAlbums(ids: number[]): Promise<void> {
    return this.call('POST', '/internal/takeout/albums/delete', { body: { ids }, timeoutMs: PAGE_TIMEOUT_MS });
  }

  /** One page of the albums of a takeout export of `scope`. */
  takeoutAlbums(
    personId: number,
    scope: ExportScope,
    after: number,
    limit: number,
  ): Promise<TakeoutPage<TakeoutAlbum>> {
    return this.call('GET', `/internal/users/${personId}/takeout-albums?scope=${scope}&after=${after}&limit=${limit}`, {
      timeoutMs: PAGE_TIMEOUT_MS,
    });
  }
}
