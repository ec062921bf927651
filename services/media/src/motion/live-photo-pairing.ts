import { Inject, Injectable, Logger } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import type { ObjectStorage } from '@family/shared/storage';
import type { MediaItemEntity } from '../entities/media-item.entity';
import { storageSource } from '../processing/byte-source';
import { MediaItemRepository, type NewMediaItem } from '../repositories/media-item.repository';
import { MediaJobs } from '../services/media-jobs';
import { derivativeKey } from '../services/object-keys';
import { MEDIA_STORAGE } from '../services/storage.provider';
import { isLiveHalf, readContentIdentifier } from './content-identifier';
import { type LiveHalf, LivePhotoRepository } from './live-photo.repository';

const LIVE_ID_INDEX = 'media_items_live_id';
/** Two halves racing meet on the unique index; one more look finds the row the other inserted. */
const TRIES = 3;

/**
 * iPhone Live Photos (docs/architecture.md "Motion and Live Photos"): a still (HEIC, JPEG) and a MOV with the same
 * Apple content identifier, uploaded by the same member, become one photo item, whichever comes second attached
 * to the first. The upload calls `insert` instead of writing its row itself; every other file is inserted as before.
 */
@Injectable()
export class LivePhotoPairing {
  private readonly logger = new Logger(LivePhotoPairing.name);

  constructor(
    private readonly items: MediaItemRepository,
    private readonly livePhotos: LivePhotoRepository,
    private readonly jobs: MediaJobs,
    @Inject(MEDIA_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  /** The item the stored file now belongs to: a new one, or the other half's, which it joined. */
  async insert(row: NewMediaItem): Promise<MediaItemEntity> {
    const half = this.halfOf(row);
    const liveId = half ? await this.contentIdentifier(row) : null;
    if (!half || !liveId) return this.items.insert(row);
    for (let attempt = 1; ; attempt++) {
      const outcome = await this.livePhotos.attachToOtherHalf(row, half, liveId);
      if (outcome.kind === 'attached') {
        // The video's own playback file is of no use to the photo it became.
        if (outcome.replacedVideo) await this.storage.delete(derivativeKey(outcome.id, 'playback-video'));
        this.logger.log(`A Live Photo's ${half} joined media item ${outcome.id}`);
        const item = (await this.items.findById(outcome.id))!;
        await this.prepareAgain(item);
        return item;
      }
      try {
        return await this.items.insert({ ...row, liveId: outcome.keepLiveId ? liveId : null });
      } catch (error) {
        if (!isLiveIdTaken(error) || attempt >= TRIES) throw error;
      }
    }
  }

  /** A job for the item may be running on its old files: a job of its own, which the queue does not hold back. */
  private async prepareAgain(item: MediaItemEntity): Promise<void> {
    try {
      await this.jobs.prepareAgain(item);
    } catch (error) {
      this.logger.warn(`Media item ${item.id} waits for the backfill: ${(error as Error).message}`);
    }
  }

  private halfOf(row: NewMediaItem): LiveHalf | null {
    if (!row.objectKey || !row.contentType || !row.fileSize) return null;
    const half = isLiveHalf(row.contentType);
    return (half === 'still' && row.type === 'photo') || (half === 'motion' && row.type === 'video') ? half : null;
  }

  private async contentIdentifier(row: NewMediaItem): Promise<string | null> {
    const source = storageSource(this.storage, row.objectKey!, row.fileSize!);
    return readContentIdentifier(source, row.contentType!);
  }
}

function isLiveIdTaken(error: unknown): boolean {
  return (
    error instanceof QueryFailedError && (error.driverError as { constraint?: string }).constraint === LIVE_ID_INDEX
  );
}
