import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import type { AlbumAccess } from '@family/contract';
import type { MediaItemEntity } from '../entities/media-item.entity';
import { MediaItemRepository } from '../repositories/media-item.repository';
import { AlbumAccessCache } from './album-access.cache';

export const NOT_FOUND_MESSAGE = "This media item doesn't exist or you don't have permission to view it.";
export const EDIT_FORBIDDEN = 'Only the uploader or an album editor can edit this item';
export const DELETE_FORBIDDEN = 'Only the uploader or the album creator can delete this item';

/**
 * One person's view of media during one request. Their album rights are asked of the albums service at most
 * once, and only when a rule needs them (an item in no album, or their own, needs no album rights).
 */
export class MediaAccess {
  private readonly albumAccess: () => Promise<AlbumAccess>;

  constructor(
    readonly userId: number,
    private readonly items: MediaItemRepository,
    albums: AlbumAccessCache,
  ) {
    this.albumAccess = albums.lazy(userId);
  }

  albums(): Promise<AlbumAccess> {
    return this.albumAccess();
  }

  /** The item when this person may see it (docs/rights.md "Media visibility", checked in SQL), else 404. */
  async visibleItem(id: number): Promise<MediaItemEntity> {
    const withoutAlbums = await this.items.findVisible(id, { userId: this.userId, visibleAlbumIds: [] });
    if (withoutAlbums) return withoutAlbums;
    // Invisible so far: only an item in an album can still be seen, through that album.
    const albumId = await this.items.albumOf(id);
    if (albumId === undefined || albumId === null) throw new NotFoundException(NOT_FOUND_MESSAGE);
    const { visible } = await this.albums();
    const item = await this.items.findVisible(id, { userId: this.userId, visibleAlbumIds: visible });
    if (!item) throw new NotFoundException(NOT_FOUND_MESSAGE);
    return item;
  }

  /** docs/rights.md "Media rights": the uploader, the album's creator, or an album member with canEdit. */
  async canEdit(item: Pick<MediaItemEntity, 'userId' | 'albumId'>): Promise<boolean> {
    if (item.userId === this.userId) return true;
    if (item.albumId === null) return false;
    return (await this.albums()).editable.includes(item.albumId);
  }

  /** The uploader or the album's creator. */
  async canDelete(item: MediaItemEntity): Promise<boolean> {
    if (item.userId === this.userId) return true;
    if (item.albumId === null) return false;
    return (await this.albums()).created.includes(item.albumId);
  }

  async requireEditor(item: MediaItemEntity): Promise<void> {
    if (!(await this.canEdit(item))) throw new ForbiddenException(EDIT_FORBIDDEN);
  }

  async requireDeleter(item: MediaItemEntity): Promise<void> {
    if (!(await this.canDelete(item))) throw new ForbiddenException(DELETE_FORBIDDEN);
  }
}

@Injectable()
export class MediaAccessFactory {
  constructor(
    private readonly items: MediaItemRepository,
    private readonly albums: AlbumAccessCache,
  ) {}

  for(userId: number): MediaAccess {
    return new MediaAccess(userId, this.items, this.albums);
  }
}
