import { Inject, Injectable } from '@nestjs/common';
import type { MediaItem } from '@family/contract';
import { InternalClient } from '@family/shared';
import type { AlbumsConfig } from '../config';
import { ALBUMS_CONFIG } from './tokens';

/**
 * The media service owns the items; albums asks it to put items in and out of albums (after checking the
 * album side of the rights). Previews for the list come through AlbumPreviewsClient.
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
