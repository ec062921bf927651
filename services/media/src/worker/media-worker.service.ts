import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { JobRun } from '@family/shared/jobs';
import type { ObjectStorage } from '@family/shared/storage';
import { hasPictures, needsPreparing } from '../dtos/media.dto';
import { DETECT_FACES, type DetectFacesJob } from '../faces/faces-jobs';
import type { MediaItemEntity } from '../entities/media-item.entity';
import { MediaProcessingError } from '../processing/processing-error';
import { MediaItemRepository } from '../repositories/media-item.repository';
import { ProcessingRepository } from '../repositories/processing.repository';
import { PREPARE_JOB_KINDS, type PrepareJob, prepareLane } from '../services/media-jobs';
import { allDerivativeKeys } from '../services/object-keys';
import { MEDIA_STORAGE } from '../services/storage.provider';
import { MediaPreparer } from './media-preparer';
import type { MediaWorkerConfig } from './worker-config';
import { MediaWorkerQueue } from './worker-queue';
import { WORKER_CONFIG } from './worker-tokens';

/** How often the backfill looks for items still pending (uploads whose job was never queued, older items). */
const BACKFILL_EVERY_MS = 5 * 60_000;
const BACKFILL_BATCH = 500;
/** Shown when the storage or the database stayed away through every try. */
export const GAVE_UP_MESSAGE = 'The archive could not prepare this item just now. Try again later.';

/**
 * The media worker (docs/architecture.md "Media worker"): takes "prepare" jobs from the queue and records what
 * came of each: ready with the facts found, or failed with a sentence. A damaged file fails at once; trouble
 * another try may mend (storage, database) is thrown, so the queue retries it, and recorded on the last try.
 */
@Injectable()
export class MediaWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MediaWorker.name);
  private backfillTimer: NodeJS.Timeout | undefined;

  constructor(
    @Inject(WORKER_CONFIG) private readonly config: MediaWorkerConfig,
    private readonly items: MediaItemRepository,
    private readonly processing: ProcessingRepository,
    private readonly preparer: MediaPreparer,
    private readonly jobs: MediaWorkerQueue,
    @Inject(MEDIA_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.preparer.clearAbandonedWorkDirs();
    // Takeout's lanes (exports, imports) are worked by its own handlers in takeout/, on the same queue.
    for (const kind of PREPARE_JOB_KINDS) {
      await this.jobs.open.work<PrepareJob>(kind.name, (run) => this.run(run), this.config.MEDIA_WORKER_CONCURRENCY);
    }
    const backfill = () => this.backfill().catch((error: Error) => this.logger.error(`Backfill: ${error.message}`));
    await backfill();
    this.backfillTimer = setInterval(backfill, BACKFILL_EVERY_MS);
    this.backfillTimer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.backfillTimer);
  }

  /** Queues every item still pending; items with a job waiting or running are left out by the queue. */
  async backfill(): Promise<number> {
    let queued = 0;
    let afterId = 0;
    for (;;) {
      const batch = await this.processing.pendingAfter(afterId, BACKFILL_BATCH);
      const queue = this.jobs.queue;
      if (batch.length === 0 || !queue) break;
      for (const kind of PREPARE_JOB_KINDS) {
        const jobs = batch
          .filter((item) => prepareLane({ type: item.type, objectKey: '' }) === kind.name)
          .map((item) => ({ data: { mediaId: item.id } satisfies PrepareJob, key: String(item.id) }));
        queued += await queue.sendMany(kind.name, jobs);
      }
      afterId = batch[batch.length - 1].id;
    }
    if (queued > 0) this.logger.log(`Backfill queued ${queued} item(s) still to be prepared`);
    return queued;
  }

  private async run({ data, attempt, lastAttempt }: JobRun<PrepareJob>): Promise<void> {
    const item = await this.items.findById(data.mediaId);
    // Deleted, or prepared already (a repeat of a job that ran): nothing to do.
    if (!item || item.processing !== 'pending') return;
    if (!needsPreparing(item)) {
      const nothing = { width: null, height: null, durationSeconds: null, playbackType: null, recordedOn: null };
      await this.processing.markReady(item.id, nothing);
      return;
    }
    const started = Date.now();
    try {
      const facts = await this.preparer.prepare(item);
      if (!(await this.processing.markReady(item.id, facts, item))) {
        // A Live Photo's other half joined it meanwhile: the job queued then prepares the item as it is now.
        if (await this.items.findById(item.id)) this.logger.log(`Media item ${item.id} changed while it was prepared`);
        else await this.removeDerivatives(item.id);
      } else {
        this.logger.log(`Prepared media item ${item.id} (${item.contentType}) in ${Date.now() - started} ms`);
        await this.queueFaces(item);
      }
    } catch (error) {
      if (!(await this.items.findById(item.id))) {
        await this.removeDerivatives(item.id); // deleted while it was being prepared
        return;
      }
      if (error instanceof MediaProcessingError) {
        this.logger.warn(`Media item ${item.id} failed: ${error.message} ${error.detail ?? ''}`.trim());
        await this.processing.markFailed(item.id, error.message);
        return;
      }
      this.logger.error(`Media item ${item.id}, try ${attempt}: ${(error as Error).message}`);
      if (!lastAttempt) throw error;
      await this.processing.markFailed(item.id, GAVE_UP_MESSAGE);
    }
  }

  /** Its picture is made: the faces worker may look for faces on it (docs/architecture.md "Faces"). */
  private async queueFaces(item: MediaItemEntity): Promise<void> {
    if (this.config.FACES === 'off' || !hasPictures(item)) return;
    await this.jobs.open.send(DETECT_FACES.name, { mediaId: item.id } satisfies DetectFacesJob, String(item.id));
  }

  private async removeDerivatives(mediaId: number): Promise<void> {
    for (const key of allDerivativeKeys(mediaId)) await this.storage.delete(key);
  }
}
