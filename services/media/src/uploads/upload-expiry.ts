import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { UPLOAD_EXPIRY_HOURS } from '@family/contract';
import { EXPIRE_UPLOADS } from './upload-jobs';
import type { MediaWorkerConfig } from '../worker/worker-config';
import { MediaWorkerQueue } from '../worker/worker-queue';
import { WORKER_CONFIG } from '../worker/worker-tokens';
import { UploadRecordRepository } from './upload-record.repository';
import { createUploadStore, removeUploadBytes, type UploadStore } from './upload-store';

const SWEEP_KEY = 'all';
/** How often a worker queues the sweep: an upload is removed at most an hour after its 24 hours. */
export const UPLOAD_SWEEP_EVERY_MS = 60 * 60_000;
/** How long the outcome of a finished upload stays answerable (GET /api/uploads/{id}/result). */
export const RESULT_KEPT_DAYS = 7;
const BATCH = 200;

/**
 * Unfinished resumable uploads expire after 24 hours (docs/architecture.md "Resumable uploads"): an
 * `expire-uploads` job on the media queue removes their bytes from the upload store, then their rows, and forgets
 * the outcomes of uploads finished a week ago. Each worker queues the job at its start and every hour; the job's
 * key keeps it to one waiting and one running, however many workers there are.
 */
@Injectable()
export class UploadExpiry implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(UploadExpiry.name);
  private readonly uploadStore: UploadStore;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    @Inject(WORKER_CONFIG) private readonly config: MediaWorkerConfig,
    private readonly records: UploadRecordRepository,
    private readonly jobs: MediaWorkerQueue,
  ) {
    this.uploadStore = createUploadStore(config);
  }

  async onApplicationBootstrap(): Promise<void> {
    // The worker's one queue (MediaWorkerQueue), closed with the process.
    const queue = this.jobs.open;
    await queue.work(EXPIRE_UPLOADS.name, async () => {
      await this.sweep();
    });
    const send = () =>
      void queue.send(EXPIRE_UPLOADS.name, {}, SWEEP_KEY).catch((error: Error) => {
        this.logger.error(`Uploads: ${error.message}`);
      });
    send();
    this.timer = setInterval(send, UPLOAD_SWEEP_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** Removes what has expired by `now`: the number of unfinished uploads removed. */
  async sweep(now = new Date()): Promise<number> {
    const before = new Date(now.getTime() - UPLOAD_EXPIRY_HOURS * 3600_000);
    let removed = 0;
    for (;;) {
      const ids = await this.records.unfinishedBefore(before, BATCH);
      for (const id of ids) {
        await removeUploadBytes(this.uploadStore, id);
        await this.records.delete(id);
      }
      removed += ids.length;
      if (ids.length < BATCH) break;
    }
    await this.records.forgetFinishedBefore(new Date(now.getTime() - RESULT_KEPT_DAYS * 86400_000));
    if (removed > 0) this.logger.log(`Removed ${removed} upload(s) left unfinished for ${UPLOAD_EXPIRY_HOURS} hours`);
    return removed;
  }
}
