import { BadRequestException, ConflictException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { type AlbumAccess, DEFAULT_PAGE_SIZE, type MediaItem, type MediaPage } from '@family/contract';
import type { Identity } from '@family/shared';
import { ChangeGenerations } from '@family/shared/nest';
import type { ListMediaQuery, TaggedMediaQuery, UpdateMediaDto } from '../dtos/media.dto';
import type { MediaItemEntity } from '../entities/media-item.entity';
import { type MediaChanges, MediaItemRepository } from '../repositories/media-item.repository';
import { type MediaFilter, MediaListRepository } from '../repositories/media-list.repository';
import { ProcessingRepository } from '../repositories/processing.repository';
import { TrashRepository } from '../repositories/trash.repository';
import { AlbumAccessCache } from './album-access.cache';
import { MediaAccessFactory, NOT_FOUND_MESSAGE } from './media-access.service';
import { MediaPresenter } from './media-presenter';
import { needsPreparing } from '../dtos/media.dto';
import { MediaJobs } from './media-jobs';
import { dateChanges, exactDay } from './item-date';
import { decodeCursor, encodeCursor, UPLOAD_ORDER } from './page-cursor';

/** `from` and `to` of a list query as a filter; `from` after `to` asks for nothing that can be. */
function yearsOf(query: { from?: number; to?: number }): Pick<MediaFilter, 'fromYear' | 'toYear'> {
  if (query.from !== undefined && query.to !== undefined && query.from > query.to) {
    throw new BadRequestException(`from (${query.from}) must not be after to (${query.to}).`);
  }
  return { fromYear: query.from, toYear: query.to };
}

/** Reading, changing and deleting media items. */
@Injectable()
export class MediaService {
  private readonly logger = new Logger(MediaService.name);

  constructor(
    private readonly items: MediaItemRepository,
    private readonly lists: MediaListRepository,
    private readonly trash: TrashRepository,
    private readonly processing: ProcessingRepository,
    private readonly access: MediaAccessFactory,
    private readonly presenter: MediaPresenter,
    private readonly jobs: MediaJobs,
    private readonly albumAccess: AlbumAccessCache,
    private readonly generations: ChangeGenerations,
  ) {}

  /** GET /api/media */
  list(user: Identity, query: ListMediaQuery): Promise<MediaPage> {
    const filter: MediaFilter = {
      q: query.q,
      type: query.type,
      albumId: query.albumId,
      place: query.place,
      ...yearsOf(query),
    };
    if (query.userId !== undefined && query.uploaded !== 'false') filter.uploaderId = query.userId;
    // "Just uploaded": the member's own uploads since then, by upload; a date to jump to means nothing there.
    if (query.uploadedSince !== undefined) {
      filter.uploadedSince = new Date(query.uploadedSince);
      return this.page(user, filter, { limit: query.limit, cursor: query.cursor });
    }
    return this.page(user, filter, query);
  }

  /** GET /api/media/tagged: what a person (the signed-in one unless named) is tagged in, as far as the caller sees. */
  tagged(user: Identity, query: TaggedMediaQuery): Promise<MediaPage> {
    const filter: MediaFilter = {
      q: query.q,
      type: query.type,
      albumId: query.albumId,
      place: query.place,
      ...yearsOf(query),
    };
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
    if (dto.mediaDate !== undefined && dto.mediaDateText !== undefined) {
      throw new BadRequestException('Give the date as mediaDate or as mediaDateText, not both.');
    }
    // A date a person chose stays, even when the item is prepared again; an exact day drops an uncertain date.
    if (dto.mediaDate !== undefined) Object.assign(changes, exactDay(dto.mediaDate));
    if (dto.mediaDateText !== undefined) Object.assign(changes, dateChanges(dto.mediaDateText));
    // A place a person wrote, or cleared, stays when the item is prepared again.
    if (dto.place !== undefined) Object.assign(changes, { place: dto.place, placeGiven: true });
    const updated = await this.items.update(id, changes);
    return this.presenter.item(updated ?? item);
  }

  /** POST /api/media/{id}/reprocess: whoever may edit the item asks the worker to prepare it again. */
  async reprocess(user: Identity, id: number): Promise<MediaItem> {
    const access = this.access.for(user.id);
    const item = await access.visibleItem(id);
    await access.requireEditor(item);
    if (!needsPreparing(item)) throw new ConflictException('This item has nothing to prepare.');
    // Pending already: a job waits or runs, or the worker's backfill will queue one.
    if (await this.processing.markPending(id)) await this.jobs.prepare(item);
    return this.presenter.item((await this.items.findById(id)) ?? item);
  }

  /**
   * DELETE /api/media/{id}, and every other way one item is deleted by a person: it goes to the trash, with its
   * album and tags, for TRASH_DAYS days (docs/product.md "Trash"); only account deletion purges at once.
   */
  async delete(user: Identity, id: number): Promise<void> {
    const access = this.access.for(user.id);
    const item = await access.visibleItem(id);
    await access.requireDeleter(item);
    await this.deleteItem(item, user.id);
  }

  /**
   * The one way an item is deleted once its rights are checked: DELETE /api/media/{id} and the bulk Delete
   * (docs/api.md "Select many") both come here, so deleting one or many never differs.
   */
  async deleteItem(item: Pick<MediaItemEntity, 'id'>, deletedBy: number): Promise<void> {
    // Already in the trash by a request at the same moment: the same 404 as an item one cannot see.
    if (!(await this.trash.moveToTrash(item.id, deletedBy))) throw new NotFoundException(NOT_FOUND_MESSAGE);
    this.logger.debug(`Media item ${item.id} went to the trash`);
  }

  private async page(
    user: Identity,
    filter: MediaFilter,
    query: { limit?: number; cursor?: string; before?: string },
  ): Promise<MediaPage> {
    // `before` is a cursor that starts at a date: ids start at 1, so (date, 0) comes after every item of that day.
    const byUpload = filter.uploadedSince !== undefined;
    const after = decodeCursor(query.cursor) ?? (query.before ? { mediaDate: query.before, id: 0 } : null);
    if (after && (after.mediaDate === UPLOAD_ORDER) !== byUpload) {
      throw new BadRequestException('The page cursor is not valid. Load the list again from the start.');
    }
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const read = (access: AlbumAccess) =>
      this.lists.list({ userId: user.id, visibleAlbumIds: access.visible }, filter, after, limit + 1);
    // docs/architecture.md "Caches": the album rights last read for this person are used at once, and the page's
    // own statement reads the change numbers. Only if albums announced a change since those rights were read
    // (or none are kept) are they read again, and the page with them; a list is then one statement, not three.
    // An empty page carries no numbers, so it is read again too.
    const known = this.albumAccess.lastKnown(user.id);
    const optimistic = known && (await read(known.access));
    const numbers = optimistic?.generations;
    const stillCurrent = numbers && (numbers['album-access'] ?? '0') === known?.generation;
    if (stillCurrent) this.generations.remember(numbers);
    const rows = stillCurrent ? optimistic.items : (await read(await this.access.for(user.id).albums())).items;
    const pageItems = rows.slice(0, limit);
    const last = pageItems[pageItems.length - 1];
    return {
      items: await this.presenter.items(pageItems),
      nextCursor:
        rows.length > limit && last
          ? encodeCursor({ mediaDate: byUpload ? UPLOAD_ORDER : last.mediaDate, id: last.id })
          : null,
    };
  }
}
