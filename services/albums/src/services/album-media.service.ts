import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { HttpError, type Identity } from '@family/shared';
import { ALBUM_ITEM_SENTENCES, type MessageResponse } from '@family/contract';
import { ALBUM_NOT_FOUND } from './album-rights';
import { AlbumService } from './album.service';
import { MediaClient } from '@family/shared/clients';

export const ADD_MEDIA_FORBIDDEN = ALBUM_ITEM_SENTENCES.addMediaForbidden;

/**
 * Items in and out of albums. The album side of the rights is checked here; the item side (who may see and
 * edit the item, one album per item) by the media service, whose refusals pass through unchanged.
 */
@Injectable()
export class AlbumMediaService {
  constructor(
    private readonly albums: AlbumService,
    private readonly media: MediaClient,
  ) {}

  /** docs/rights.md "Items in albums": who may edit the item and the album (its creator or a canEdit member). */
  async add(user: Identity, albumId: number, mediaId: number): Promise<MessageResponse> {
    const rights = await this.albums.rights(user, albumId);
    rights.requireVisible();
    if (!rights.canEdit) throw new ForbiddenException(ADD_MEDIA_FORBIDDEN);
    await this.media.putIntoAlbum(mediaId, { albumId, actingUserId: user.id });
    return { message: 'Media added to album successfully' };
  }

  /** docs/rights.md "Items in albums": the album creator, a canEdit member, or the uploader (whom media knows). */
  async remove(user: Identity, albumId: number, mediaId: number): Promise<MessageResponse> {
    const rights = await this.albums.rights(user, albumId);
    try {
      await this.media.takeOutOfAlbum(mediaId, { albumId, actingUserId: user.id, albumEditor: rights.canEdit });
    } catch (error) {
      // The uploader may take their item out of an album they cannot see; anyone else learns nothing of it.
      if (!rights.canSee && error instanceof HttpError && error.status < 500) {
        throw new NotFoundException(ALBUM_NOT_FOUND);
      }
      throw error;
    }
    return { message: 'Media removed from album successfully' };
  }
}
