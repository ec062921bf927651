import { Inject, Injectable } from '@nestjs/common';
import { InternalClient } from '@family/shared';
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
 * What a takeout import asks of albums and profile (docs/architecture.md "Internal calls"): members by username,
 * albums made (or found again) as the importing member, the member's story and memories where empty, and the
 * undoing of each when the import fails.
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
}
