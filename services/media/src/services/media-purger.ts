import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ObjectStorage } from '@family/shared/storage';
import { MediaItemRepository } from '../repositories/media-item.repository';
import type { StoredObjectRef } from '../repositories/media-sql';
import { TrashRepository } from '../repositories/trash.repository';
import { allDerivativeKeys } from './object-keys';
import { MEDIA_STORAGE } from './storage.provider';

/** How many items are purged per round: memory stays flat however many there are. */
export const PURGE_BATCH = 200;

/**
 * Deletes items for good: every file and derivative, then the rows (their tags go with them). Files go before
 * rows, so should storage fail the rows are still there and a retry finishes the job (docs/conventions.md).
 * The trash's Delete forever, emptying the trash, the expiry job and account deletion all end here.
 */
@Injectable()
export class MediaPurger {
  private readonly logger = new Logger(MediaPurger.name);

  constructor(
    private readonly items: MediaItemRepository,
    private readonly trash: TrashRepository,
    @Inject(MEDIA_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  async purge(items: StoredObjectRef[]): Promise<void> {
    for (const item of items) {
      for (const key of allDerivativeKeys(item.id)) await this.storage.delete(key);
      if (item.objectKey) await this.storage.delete(item.objectKey);
      if (item.motionObjectKey) await this.storage.delete(item.motionObjectKey);
    }
    await this.items.deleteMany(items.map((item) => item.id));
    if (items.length > 0) this.logger.debug(`Purged media items ${items.map((item) => item.id).join(', ')}`);
  }

  /** Purges batch after batch until `nextBatch` finds none (each batch's rows are gone once purged). */
  async purgeAll(nextBatch: () => Promise<StoredObjectRef[]>): Promise<number> {
    let purged = 0;
    for (;;) {
      const batch = await nextBatch();
      if (batch.length === 0) return purged;
      await this.purge(batch);
      purged += batch.length;
    }
  }

  /** Items in the trash for longer than `days` days (docs/architecture.md "Trash"). */
  purgeExpired(days: number): Promise<number> {
    return this.purgeAll(() => this.trash.expiredTrash(days, PURGE_BATCH));
  }
}
