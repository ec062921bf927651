import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DEFAULT_PAGE_SIZE, type MediaItem, type TrashPage } from '@family/contract';
import type { FileToSend, Identity } from '@family/shared';
import type { MediaConfig } from '../config';
import { mapTrashItem, type TrashQuery } from '../dtos/trash.dto';
import type { MediaItemEntity } from '../entities/media-item.entity';
import { MediaItemRepository } from '../repositories/media-item.repository';
import { TrashRepository } from '../repositories/trash.repository';
import { FileService } from './file.service';
import { MediaPresenter } from './media-presenter';
import { MediaPurger, PURGE_BATCH } from './media-purger';
import { MEDIA_CONFIG } from './tokens';
import { decodeTrashCursor, encodeTrashCursor } from './trash-cursor';

export const NOT_IN_TRASH = 'This item is not in your trash.';

/**
 * docs/product.md "Trash": what a person uploaded or deleted waits in the trash for TRASH_DAYS days. Only they
 * see it there, restore it or delete it for good (docs/rights.md "Trash"); anyone else gets 404.
 */
@Injectable()
export class TrashService {
  constructor(
    private readonly items: MediaItemRepository,
    private readonly trash: TrashRepository,
    private readonly presenter: MediaPresenter,
    private readonly purger: MediaPurger,
    private readonly files: FileService,
    @Inject(MEDIA_CONFIG) private readonly config: MediaConfig,
  ) {}

  /** GET /api/trash: newest deletion first. */
  async list(user: Identity, query: TrashQuery): Promise<TrashPage> {
    const after = decodeTrashCursor(query.cursor);
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const rows = await this.trash.trashOf(user.id, after, limit + 1);
    const pageItems = rows.slice(0, limit);
    const presented = await this.presenter.items(pageItems);
    const last = pageItems[pageItems.length - 1];
    return {
      items: pageItems.map((row, index) => mapTrashItem(row, presented[index], this.config.TRASH_DAYS)),
      nextCursor: rows.length > limit && last ? encodeTrashCursor({ deletedAt: last.deletedAt!, id: last.id }) : null,
    };
  }

  /** POST /api/trash/{id}/restore: back where it was, in its album (if that still exists) with its tags. */
  async restore(user: Identity, id: number): Promise<MediaItem> {
    await this.inTrashOf(user, id);
    if (!(await this.trash.restore(id))) throw new NotFoundException(NOT_IN_TRASH);
    return this.presenter.item((await this.items.findById(id))!);
  }

  /** DELETE /api/trash/{id}: for good, with every file. */
  async deleteForever(user: Identity, id: number): Promise<void> {
    const item = await this.inTrashOf(user, id);
    await this.purger.purge([item]);
  }

  /** DELETE /api/trash: everything in this person's trash, for good. */
  async empty(user: Identity): Promise<void> {
    await this.purger.purgeAll(() => this.trash.trashBatchOf(user.id, PURGE_BATCH));
  }

  /** GET /api/trash/{id}/thumbnail: the card's picture, for those whose trash holds the item. */
  async thumbnail(user: Identity, id: number): Promise<FileToSend> {
    return this.files.thumbnailOf(await this.inTrashOf(user, id));
  }

  private async inTrashOf(user: Identity, id: number): Promise<MediaItemEntity> {
    const item = await this.trash.findInTrashOf(id, user.id);
    if (!item) throw new NotFoundException(NOT_IN_TRASH);
    return item;
  }
}
