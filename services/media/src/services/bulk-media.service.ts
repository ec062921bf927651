import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import type { BulkResult, BulkSkip } from '@family/contract';
import { DirectoryClient, type Identity } from '@family/shared';
import { NotificationOutbox } from '@family/shared/nest';
import pLimit from 'p-limit';
import type { BulkActionDto } from '../dtos/bulk.dto';
import type { MediaItemEntity } from '../entities/media-item.entity';
import { AlbumItemsRepository } from '../repositories/album-items.repository';
import { MediaItemRepository } from '../repositories/media-item.repository';
import { TagRepository } from '../repositories/tag.repository';
import { IN_ANOTHER_ALBUM, refusalToAdd, requireAlbumToAddTo } from './album-items';
import { dateChanges } from './item-date';
import { DELETE_FORBIDDEN, EDIT_FORBIDDEN, type MediaAccess, MediaAccessFactory } from './media-access.service';
import { MediaService } from './media.service';
import { PersonAttachment } from './person-attachment';
import { ALREADY_TAGGED, PERSON_NOT_FOUND, TAG_OUTSIDER_FORBIDDEN } from './tag.service';

/** What an id one may not see (or that does not exist) is reported as: nothing more is revealed. */
export const NOT_FOUND_REASON = 'not found';
export const DELETE_FAILED = 'Could not be deleted just now. Try again.';

/** Deleting removes files: a few at a time keeps storage busy without opening hundreds of requests at once. */
const DELETE_CONCURRENCY = 8;

/** The items of one bulk request the caller sees, and the skips so far (ids not seen). */
interface Batch {
  access: MediaAccess;
  items: MediaItemEntity[];
  skipped: BulkSkip[];
}

/**
 * POST /api/media/bulk (docs/api.md "Select many"): one action over up to 500 items, each item with the rights
 * of its single-item route (docs/rights.md). The items are read in one query and the caller's album rights once;
 * what one may not do to an item skips it with the single route's sentence.
 */
@Injectable()
export class BulkMediaService {
  private readonly logger = new Logger(BulkMediaService.name);

  constructor(
    private readonly mediaItems: MediaItemRepository,
    private readonly albumItems: AlbumItemsRepository,
    private readonly tags: TagRepository,
    private readonly access: MediaAccessFactory,
    private readonly items: MediaService,
    private readonly directory: DirectoryClient,
    private readonly attachment: PersonAttachment,
    private readonly outbox: NotificationOutbox,
  ) {}

  async apply(user: Identity, dto: BulkActionDto): Promise<BulkResult> {
    switch (dto.action) {
      case 'addToAlbum':
        return this.addToAlbum(user, dto.ids, dto.albumId!);
      case 'tag':
        return this.tag(user, dto.ids, dto.userId!);
      case 'delete':
        return this.delete(user, dto.ids);
      case 'setDate':
        return this.setDate(user, dto.ids, dto.date!);
    }
  }

  /** Reads the visible items of `ids` in one query; the others are "not found". Keeps the order asked for. */
  async visible(user: Identity, ids: number[]): Promise<Batch> {
    const access = this.access.for(user.id);
    const unique = [...new Set(ids)];
    const { visible } = await access.albums();
    const found = new Map(
      (await this.mediaItems.findVisibleMany(unique, { userId: user.id, visibleAlbumIds: visible })).map((item) => [
        item.id,
        item,
      ]),
    );
    return {
      access,
      items: unique.flatMap((id) => found.get(id) ?? []),
      skipped: unique.filter((id) => !found.has(id)).map((id) => ({ id, reason: NOT_FOUND_REASON })),
    };
  }

  /** As POST /api/albums/{albumId}/media/{mediaId}: the album side once, then each item as media's own check. */
  private async addToAlbum(user: Identity, ids: number[], albumId: number): Promise<BulkResult> {
    const batch = await this.visible(user, ids);
    await requireAlbumToAddTo(batch.access, albumId);
    const done: number[] = [];
    const toMove: number[] = [];
    for (const item of batch.items) {
      const decision = await refusalToAdd(batch.access, item, albumId);
      if (!decision) toMove.push(item.id);
      else if ('already' in decision) done.push(item.id);
      else batch.skipped.push({ id: item.id, reason: decision.refusal });
    }
    const moved = new Set(await this.albumItems.attachManyToAlbum(toMove, albumId));
    for (const id of toMove) {
      // Not moved: it went into an album since it was read (a race lost), as the single route's 409.
      if (moved.has(id)) done.push(id);
      else batch.skipped.push({ id, reason: IN_ANOTHER_ALBUM });
    }
    return result(batch.items, done, batch.skipped);
  }

  /** As POST /api/media/{id}/tags, including that only who may edit an item may show it outside its album. */
  private async tag(user: Identity, ids: number[], userId: number): Promise<BulkResult> {
    const people = await this.directory.lookup([userId]);
    if (!people.has(userId)) throw new NotFoundException(PERSON_NOT_FOUND);
    const batch = await this.visible(user, ids);
    const refused = new Set(await this.attachment.refusedItems(batch.access, userId, batch.items));
    const toTag: number[] = [];
    for (const item of batch.items) {
      if (refused.has(item.id)) batch.skipped.push({ id: item.id, reason: TAG_OUTSIDER_FORBIDDEN });
      else toTag.push(item.id);
    }
    const tagged = new Set(await this.tags.addTagToMany(toTag, userId));
    const done: number[] = [];
    for (const id of toTag) {
      if (tagged.has(id)) done.push(id);
      else batch.skipped.push({ id, reason: ALREADY_TAGGED });
    }
    await this.outbox.send(
      done.map((mediaId) => ({ recipientId: userId, kind: 'tagged' as const, actorId: user.id, subjectId: mediaId })),
    );
    return result(batch.items, done, batch.skipped);
  }

  /** As PATCH /api/media/{id} with mediaDateText: a date that is no date refuses the whole request. */
  private async setDate(user: Identity, ids: number[], date: string): Promise<BulkResult> {
    const changes = dateChanges(date);
    const batch = await this.visible(user, ids);
    const editable: number[] = [];
    for (const item of batch.items) {
      if (await batch.access.canEdit(item)) editable.push(item.id);
      else batch.skipped.push({ id: item.id, reason: EDIT_FORBIDDEN });
    }
    const changed = new Set(await this.mediaItems.updateMany(editable, changes));
    const done = editable.filter((id) => changed.has(id));
    // Gone to the trash since it was read: as the single route's 404.
    for (const id of editable) if (!changed.has(id)) batch.skipped.push({ id, reason: NOT_FOUND_REASON });
    return result(batch.items, done, batch.skipped);
  }

  /** As DELETE /api/media/{id}, through the same MediaService.deleteItem. */
  private async delete(user: Identity, ids: number[]): Promise<BulkResult> {
    const batch = await this.visible(user, ids);
    const limit = pLimit(DELETE_CONCURRENCY);
    const done: number[] = [];
    await Promise.all(
      batch.items.map((item) =>
        limit(async () => {
          if (!(await batch.access.canDelete(item))) {
            batch.skipped.push({ id: item.id, reason: DELETE_FORBIDDEN });
            return;
          }
          try {
            await this.items.deleteItem(item, user.id);
            done.push(item.id);
          } catch (error) {
            // One item's storage failing leaves it in place, reported; the others still go.
            this.logger.error(`Bulk delete of media item ${item.id} failed`, (error as Error).stack);
            batch.skipped.push({ id: item.id, reason: DELETE_FAILED });
          }
        }),
      ),
    );
    return result(batch.items, done, batch.skipped);
  }
}

/** Done and skipped in the order the items were asked for (unseen ids last, as found). */
function result(items: MediaItemEntity[], done: number[], skipped: BulkSkip[]): BulkResult {
  const order = new Map(items.map((item, index) => [item.id, index]));
  const position = (id: number) => order.get(id) ?? Number.MAX_SAFE_INTEGER;
  return {
    done: [...done].sort((a, b) => position(a) - position(b)),
    skipped: [...skipped].sort((a, b) => position(a.id) - position(b.id)),
  };
}
