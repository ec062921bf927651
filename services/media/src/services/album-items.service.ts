import { ConflictException, ForbiddenException, HttpException, Injectable, NotFoundException } from '@nestjs/common';
import type { MediaItem, MessageResponse } from '@family/contract';
import type { Identity } from '@family/shared';
import { AlbumItemsRepository } from '../repositories/album-items.repository';
import { MediaItemRepository } from '../repositories/media-item.repository';
import {
  ALBUM_NOT_FOUND,
  IN_ANOTHER_ALBUM,
  MOVE_FORBIDDEN,
  MOVED_MEANWHILE,
  NOT_IN_ALBUM,
  refusalToAdd,
  requireAlbumToAddTo,
  requireMayTakeOut,
  throwRefusal,
} from './album-items';
import { MediaAccessFactory } from './media-access.service';
import { MediaPresenter } from './media-presenter';

/**
 * Putting one item into an album, taking it out, and moving it to another (docs/rights.md "Items in albums").
 * Media keeps which album an item is in, so media answers these routes, and asks albums only for the person's
 * album rights: a request's calls go one way (docs/architecture.md "Who calls whom").
 */
@Injectable()
export class AlbumItemsService {
  constructor(
    private readonly access: MediaAccessFactory,
    private readonly items: MediaItemRepository,
    private readonly albumItems: AlbumItemsRepository,
    private readonly presenter: MediaPresenter,
  ) {}

  /** POST /api/albums/{albumId}/media/{mediaId}: the album side first (steps 1–2), then the item (3–6). */
  async add(user: Identity, albumId: number, mediaId: number): Promise<MessageResponse> {
    const access = this.access.for(user.id);
    await requireAlbumToAddTo(access, albumId);
    const item = await access.visibleItem(mediaId);
    const decision = await refusalToAdd(access, item, albumId);
    if (decision && 'refusal' in decision) throwRefusal(decision.refusal);
    // Lost to another request that put it into an album meanwhile: as if it had been there already.
    if (!decision && !(await this.albumItems.attachToAlbum(mediaId, albumId))) throwRefusal(IN_ANOTHER_ALBUM);
    return { message: 'Media added to album successfully' };
  }

  /**
   * DELETE /api/albums/{albumId}/media/{mediaId}: the album's editors or the item's uploader. Someone who cannot
   * see the album learns nothing of it: any refusal is "Album not found".
   */
  async remove(user: Identity, albumId: number, mediaId: number): Promise<MessageResponse> {
    const albums = await this.access.for(user.id).albums();
    try {
      const item = await this.items.findById(mediaId);
      requireMayTakeOut(item, albumId, user.id, albums.editable.includes(albumId));
      if (!(await this.albumItems.detachFromAlbum(mediaId, albumId))) throw new NotFoundException(NOT_IN_ALBUM);
    } catch (error) {
      if (!albums.visible.includes(albumId) && error instanceof HttpException && error.getStatus() < 500) {
        throw new NotFoundException(ALBUM_NOT_FOUND);
      }
      throw error;
    }
    return { message: 'Media removed from album successfully' };
  }

  /**
   * PUT /api/media/{id}/album, "Move to Album": out of the album an item is in and into another, in one statement,
   * with the rights of both: the person may edit the item (its uploader, or an editor of the album it is in, who
   * may also take it out) and add to the other album. Into no album first is the same move.
   */
  async move(user: Identity, mediaId: number, albumId: number): Promise<MediaItem> {
    const access = this.access.for(user.id);
    const item = await access.visibleItem(mediaId);
    await requireAlbumToAddTo(access, albumId);
    if (item.albumId === albumId) return this.presenter.item(item);
    if (!(await access.canEdit(item))) throw new ForbiddenException(MOVE_FORBIDDEN);
    if (!(await this.albumItems.moveToAlbum(mediaId, item.albumId, albumId))) {
      throw new ConflictException(MOVED_MEANWHILE);
    }
    return this.presenter.item({ ...item, albumId });
  }
}
