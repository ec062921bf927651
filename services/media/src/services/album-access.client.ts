import { Inject, Injectable } from '@nestjs/common';
import type { AlbumAccess } from '@family/contract';
import { InternalClient } from '@family/shared';
import { MEDIA_CONFIG } from './tokens';
import type { MediaConfig } from '../config';

export const NO_ALBUM_ACCESS: AlbumAccess = { visible: [], editable: [], created: [] };

/** Asks the albums service for a person's album rights: one call per request, never one per item. */
@Injectable()
export class AlbumAccessClient {
  constructor(
    private readonly client: InternalClient,
    @Inject(MEDIA_CONFIG) private readonly config: MediaConfig,
  ) {}

  async forUser(userId: number): Promise<AlbumAccess> {
    const access = await this.client.call<Partial<AlbumAccess>>(
      { name: 'albums', url: this.config.ALBUMS_URL },
      'GET',
      `/internal/users/${userId}/album-access`,
    );
    return {
      visible: ids(access?.visible),
      editable: ids(access?.editable),
      created: ids(access?.created),
    };
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
