import { openAsBlob } from 'node:fs';
import { HttpException, Inject, Injectable, ServiceUnavailableException } from '@nestjs/common';
import { InternalClient, SERVICE_HEADER, signServiceToken } from '@family/shared';
import type { MediaWorkerConfig } from '../worker/worker-config';
import { WORKER_CONFIG } from '../worker/worker-tokens';

export interface ImportedAlbum {
  createdBy: number;
  /** `<archiveId>:<album id there>`: the same album imported again is the same album. */
  source: string;
  name: string;
  description: string | null;
  isShared: boolean;
  members: { userId: number; canEdit: boolean }[];
}

/**
 * What a takeout import asks of albums, profile and family (docs/architecture.md "Internal calls"): members by
 * username, the people of family.ged, albums made (or found again) as the importing member, the member's story and
 * memories where empty, and the undoing of each when the import fails.
 */
@Injectable()
export class TakeoutCalls {
  constructor(
    private readonly internal: InternalClient,
    @Inject(WORKER_CONFIG) private readonly config: MediaWorkerConfig,
  ) {}

  private get profile() {
    return { name: 'profile', url: this.config.PROFILE_URL };
  }

  private get albums() {
    return { name: 'albums', url: this.config.ALBUMS_URL };
  }

  /** The members with these usernames (ignoring case), in order; null where nobody has it. */
  async membersByUsername(usernames: string[]): Promise<(number | null)[]> {
    if (usernames.length === 0) return [];
    const { ids } = await this.internal.call<{ ids: (number | null)[] }>(
      this.profile,
      'POST',
      '/internal/takeout/usernames',
      { body: { usernames }, timeoutMs: 60_000 },
    );
    return ids;
  }

  album(album: ImportedAlbum): Promise<{ id: number; created: boolean }> {
    return this.internal.call(this.albums, 'POST', '/internal/takeout/albums', { body: album, timeoutMs: 30_000 });
  }

  async deleteAlbums(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.internal.call(this.albums, 'POST', '/internal/takeout/albums/delete', {
      body: { ids },
      timeoutMs: 60_000,
    });
  }

  /** The story (if the member's is empty) and memories (if they have none) on the member's own profile. */
  restoreProfile(
    userId: number,
    story: string | null,
    memories: { title: string; content: string }[],
  ): Promise<{ story: boolean; memoryIds: number[] }> {
    return this.internal.call(this.profile, 'POST', '/internal/takeout/profile', {
      body: { userId, story, memories },
      timeoutMs: 60_000,
    });
  }

  async undoProfile(userId: number, story: boolean, memoryIds: number[]): Promise<void> {
    if (!story && memoryIds.length === 0) return;
    await this.internal.call(this.profile, 'POST', '/internal/takeout/profile/undo', {
      body: { userId, story, memoryIds },
      timeoutMs: 60_000,
    });
  }

  /**
   * family.ged through the family service's GEDCOM import: which person each record (`I1`) is here. Sent as a
   * file (it may be megabytes), so by fetch with a service token rather than the JSON client.
   */
  async peopleFromGedcom(createdBy: number, path: string): Promise<Map<string, number>> {
    const form = new FormData();
    form.set('file', await openAsBlob(path), 'family.ged');
    const url = new URL('/internal/gedcom/takeout-people', this.config.FAMILY_URL);
    url.searchParams.set('createdBy', String(createdBy));
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { [SERVICE_HEADER]: signServiceToken('media', this.config.INTERNAL_SECRET) },
        body: form,
        signal: AbortSignal.timeout(30 * 60_000),
      });
    } catch {
      throw new ServiceUnavailableException('The family service is unavailable. Try again shortly.');
    }
    const body = (await response.json().catch(() => ({}))) as { people?: Record<string, number>; message?: string };
    if (!response.ok) {
      if (response.status >= 500)
        throw new ServiceUnavailableException('The family service is unavailable. Try again shortly.');
      throw new HttpException(
        { message: `The family tree of the export was refused: ${body.message ?? response.status}` },
        response.status,
      );
    }
    return new Map(Object.entries(body.people ?? {}));
  }
}
