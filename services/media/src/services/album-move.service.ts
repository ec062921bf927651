import { ConflictException, ForbiddenException, Injectable } from '@nestjs/common';
import type { MediaItem } from '@family/contract';
import type { Identity } from '@family/shared';
import { AlbumItemsRepository } from '../repositories/album-items.repository';
import { MOVE_FORBIDDEN, MOVED_MEANWHILE, requireAlbumToAddTo } from './album-items';
import { MediaAccessFactory } from './media-access.service';
import { MediaPresenter } from './media-presenter';

/**
 * "Move to album" (docs/rights.md "Items in albums"): out of the album an item is in and into another, in one
 * statement, with the rights of both: the person may edit the item (its uploader, or an editor of the album it is
 * in, who may also take it out) and add to the other album. Into no album first is the same move.
 */
@Injectable()
export class AlbumMoveService {
  constructor(
    private readonly access: MediaAccessFactory,
    private readonly albumItems: AlbumItemsRepository,
    private readonly presenter: MediaPresenter,
  ) {}

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
