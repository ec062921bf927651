import { Inject, Injectable, Logger } from '@nestjs/common';
import { DEFAULT_PAGE_SIZE, type MediaItem, type MediaPage } from '@family/contract';
import type { Identity } from '@family/shared';
import type { ObjectStorage } from '@family/shared/storage';
import type { ListMediaQuery, TaggedMediaQuery, UpdateMediaDto } from '../dtos/media.dto';
import type { MediaItemEntity } from '../entities/media-item.entity';
import { type MediaChanges, type MediaFilter, MediaRepository } from '../repositories/media.repository';
import { MediaAccessFactory } from './media-access.service';
import { MediaPresenter } from './media-presenter';
import { thumbnailKey } from './object-keys';
import { decodeCursor, encodeCursor } from './page-cursor';
import { MEDIA_STORAGE } from './storage.provider';

/** Reading, changing and deleting media items. */
@Injectable()
export class MediaService {
  private readonly logger = new Logger(MediaService.name);

  constructor(
    private readonly media: MediaRepository,
    private readonly access: MediaAccessFactory,
    private readonly presenter: MediaPresenter,
    @Inject(MEDIA_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  /** GET /api/media */
  list(user: Identity, query: ListMediaQuery): Promise<MediaPage> {
    const filter: MediaFilter = { q: query.q, type: query.type, albumId: query.albumId };
    if (query.userId !== undefined && query.uploaded !== 'false') filter.uploaderId = query.userId;
    return this.page(user, filter, query);
  }

  /** GET /api/media/tagged: what a person (the signed-in one unless named) is tagged in, as far as the caller sees. */
  tagged(user: Identity, query: TaggedMediaQuery): Promise<MediaPage> {
    const filter: MediaFilter = { q: query.q, type: query.type, albumId: query.albumId };
    filter.taggedUserId = query.userId ?? user.id;
    return this.page(user, filter, query);
  }

  async get(user: Identity, id: number): Promise<MediaItem> {
    const item = await this.access.for(user.id).visibleItem(id);
    return this.presenter.item(item);
  }

  async update(user: Identity, id: number, dto: UpdateMediaDto): Promise<MediaItem> {
    const access = this.access.for(user.id);
    const item = await access.visibleItem(id);
    await access.requireEditor(item);
    const changes: MediaChanges = {};
    if (dto.title !== undefined) changes.title = dto.title;
    if (dto.description !== undefined) changes.description = dto.description;
    if (dto.mediaDate !== undefined) changes.mediaDate = dto.mediaDate;
    const updated = await this.media.update(id, changes);
    return this.presenter.item(updated ?? item);
  }

  async delete(user: Identity, id: number): Promise<void> {
    const access = this.access.for(user.id);
    const item = await access.visibleItem(id);
    await access.requireDeleter(item);
    await this.removeItem(item);
  }

  /**
   * Files first, then the row: should storage fail, the item is still there and deleting it again finishes the
   * job, instead of a file nobody can reach any more. Tags go with the row.
   */
  async removeItem(item: Pick<MediaItemEntity, 'id' | 'objectKey'>): Promise<void> {
    await this.removeFiles(item);
    await this.media.delete(item.id);
  }

  async removeFiles(item: Pick<MediaItemEntity, 'id' | 'objectKey'>): Promise<void> {
    await this.storage.delete(thumbnailKey(item.id));
    if (item.objectKey) await this.storage.delete(item.objectKey);
    this.logger.debug(`Removed the files of media item ${item.id}`);
  }

  private async page(
    user: Identity,
    filter: MediaFilter,
    query: { limit?: number; cursor?: string },
  ): Promise<MediaPage> {
    const after = decodeCursor(query.cursor);
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const { visible } = await this.access.for(user.id).albums();
    const rows = await this.media.list({ userId: user.id, visibleAlbumIds: visible }, filter, after, limit + 1);
    const pageItems = rows.slice(0, limit);
    const last = pageItems[pageItems.length - 1];
    return {
      items: await this.presenter.items(pageItems),
      nextCursor: rows.length > limit && last ? encodeCursor({ mediaDate: last.mediaDate, id: last.id }) : null,
    };
  }
}
