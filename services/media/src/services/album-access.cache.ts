import { Injectable } from '@nestjs/common';
import type { AlbumAccess } from '@family/contract';
import { ChangeAwareCache } from '@family/shared';
import { AlbumsClient } from '@family/shared/clients';
import { ChangeGenerations } from '@family/shared/nest';

export const NO_ALBUM_ACCESS: AlbumAccess = { visible: [], editable: [], created: [] };

/** A safety net only: albums announces every change of who sees or edits an album (docs/architecture.md "Caches"). */
const ALBUM_ACCESS_CACHE_MS = 10_000;

/**
 * A person's album rights from the albums service, at most one call per request, never one per item. Answers
 * are kept while albums has announced no change since (the generation in media's own schema), so a list
 * usually makes no call at all, and a right taken away is never used again once albums has answered.
 */
@Injectable()
export class AlbumAccessCache {
  private readonly cache = new ChangeAwareCache<number, AlbumAccess>(ALBUM_ACCESS_CACHE_MS);

  constructor(
    private readonly albums: AlbumsClient,
    private readonly generations: ChangeGenerations,
  ) {}

  async forUser(userId: number): Promise<AlbumAccess> {
    // Before asking: an answer read while albums changes is kept under the older generation, never used after.
    const generation = await this.generations.current('album-access');
    const cached = this.cache.get(userId, generation);
    if (cached) return cached;
    const access: Partial<AlbumAccess> | undefined = await this.albums.albumAccess(userId);
    const answer = {
      visible: ids(access?.visible),
      editable: ids(access?.editable),
      created: ids(access?.created),
    };
    this.cache.set(userId, generation, answer);
    return answer;
  }

  /**
   * The rights last read for this person and the generation they were read under, without asking anything: a
   * list uses them at once and checks the generation in its own statement (MediaService.page).
   */
  lastKnown(userId: number): { generation: string; access: AlbumAccess } | undefined {
    const entry = this.cache.peek(userId);
    return entry && { generation: entry.generation, access: entry.value };
  }

  /** A lazy, once-only lookup for one request: made only when a rule actually needs it. */
  lazy(userId: number): () => Promise<AlbumAccess> {
    let pending: Promise<AlbumAccess> | undefined;
    return () => (pending ??= this.forUser(userId));
  }
}

function ids(value: unknown): number[] {
  return Array.isArray(value) ? value.filter((id): id is number => Number.isSafeInteger(id)) : [];
}
