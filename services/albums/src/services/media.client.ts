import { Inject, Injectable } from '@nestjs/common';
import type { AlbumMediaSummary, MediaItem } from '@family/contract';
import { InternalClient } from '@family/shared';
import type { AlbumsConfig } from '../config';
import { ALBUMS_CONFIG } from './tokens';

/**
 * The media service owns the items; albums asks it to put items in and out of albums (after checking the
 * album side of the rights) and for item counts and previews of many albums at once.
 */
@Injectable()
export class MediaClient {
  constructor(
    private readonly client: InternalClient,
    @Inject(ALBUMS_CONFIG) private readonly config: AlbumsConfig,
  ) {}

  private get media() {
    return { name: 'media', url: this.config.MEDIA_URL };
  }

  /** Item counts and the newest items of every listed album: one call, however many albums. */
  async summaries(albumIds: number[]): Promise<Map<number, AlbumMediaSummary>> {
    if (albumIds.length === 0) return new Map();
    const answer = await this.client.call<Record<string, Partial<AlbumMediaSummary>>>(
      this.media,
      'POST',
      '/internal/albums/summaries',
      { body: { albumIds } },
    );
    const summaries = new Map<number, AlbumMediaSummary>();
    for (const [albumId, summary] of Object.entries(answer ?? {})) {
      summaries.set(Number(albumId), {
        itemCount: typeof summary?.itemCount === 'number' ? summary.itemCount : 0,
        items: Array.isArray(summary?.items) ? summary.items : [],
      });
    }
    return summaries;
  }

  /** The acting person may edit the album (checked here); media checks they may see and edit the item. */
  async addItem(mediaId: number, albumId: number, actingUserId: number): Promise<MediaItem> {
    return this.client.call<MediaItem>(this.media, 'PUT', `/internal/media/${mediaId}/album`, {
      body: { albumId, actingUserId },
    });
  }

  /** Media allows it for an album editor or the item's uploader. */
  async removeItem(mediaId: number, albumId: number, actingUserId: number, albumEditor: boolean): Promise<void> {
    await this.client.call(this.media, 'DELETE', `/internal/media/${mediaId}/album`, {
      body: { albumId, actingUserId, albumEditor },
    });
  }

  /** An album is going away: its items stay in the archive, in no album. */
  async detachAlbum(albumId: number): Promise<void> {
    await this.client.call(this.media, 'POST', `/internal/albums/${albumId}/detach`);
  }
}
