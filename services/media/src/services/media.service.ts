import { ConflictException, Inject, Injectable, Logger } from '@nestjs/common';
import { DEFAULT_PAGE_SIZE, type MediaItem, type MediaPage } from '@family/contract';
import type { Identity } from '@family/shared';
import type { ObjectStorage } from '@family/shared/storage';
import type { ListMediaQuery, TaggedMediaQuery, UpdateMediaDto } from '../dtos/media.dto';
import type { MediaItemEntity } from '../entities/media-item.entity';
import { type MediaChanges, type MediaFilter, MediaRepository } from '../repositories/media.repository';
import { MediaAccessFactory } from './media-access.service';
import { MediaPresenter } from './media-presenter';
import { needsPreparing } from '../dtos/media.dto';
import { MediaJobs } from './media-jobs';
import { allDerivativeKeys } from './object-keys';
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
    private readonly jobs: MediaJobs,
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
    if (dto.mediaDate !== undefined) {
      changes.mediaDate = dto.mediaDate;
      // A date a person chose stays, even when the item is prepared again.
      changes.dateGiven = true;
    }
    const updated = await this.media.update(id, changes);
    return this.presenter.item(updated ?? item);
  }

  /** POST /api/media/{id}/reprocess: whoever may edit the item asks the worker to prepare it again. */
  async reprocess(user: Identity, id: number): Promise<MediaItem> {
    const access = this.access.for(user.id);
    const item = await access.visibleItem(id);
    await access.requireEditor(item);
    if (!needsPreparing(item)) throw new ConflictException('This item has nothing to prepare.');
    // Pending already: a job waits or runs, or the worker's backfill will queue one.
    if (await this.media.markPending(id)) await this.jobs.prepare(item);
    return this.presenter.item((await this.media.findById(id)) ?? item);
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
    for (const key of allDerivativeKeys(item.id)) await this.storage.delete(key);
    if (item.objectKey) await this.storage.delete(item.objectKey);
    this.logger.debug(`Removed the files of media item ${item.id}`);
  }

  private async page(
    user: Identity,
    filter: MediaFilter,
    query: { limit?: number; cursor?: string; before?: string },
  ): Promise<MediaPage> {
    // `before` is a cursor that starts at a date: ids start at 1, so (date, 0) comes after every item of that day.
    const after = decodeCursor(query.cursor) ?? (query.before ? { mediaDate: query.before, id: 0 } : null);
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
