import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { type JobQueue, type JobRun } from '@family/shared/jobs';
import { ObjectNotFoundError, type ObjectStorage } from '@family/shared/storage';
import { openMediaJobs } from '../services/media-jobs';
import { derivativeKey } from '../services/object-keys';
import { MEDIA_STORAGE } from '../services/storage.provider';
import { FaceDetector } from './face-detector';
import { FacePictureError, readFacePicture } from './face-picture';
import { DETECT_FACES, type DetectFacesJob } from './faces-jobs';
import { FacesRepository } from './faces.repository';
import type { FacesWorkerConfig } from './faces-config';

export const FACES_WORKER_CONFIG = Symbol('FACES_WORKER_CONFIG');
/** How often the backfill looks for items never scanned (older items, jobs lost while faces were off). */
const BACKFILL_EVERY_MS = 10 * 60_000;
const BACKFILL_BATCH = 500;
export const FACES_GAVE_UP = 'The archive could not look for faces on this item just now.';

/**
 * The faces worker (docs/architecture.md "Faces"): takes "detect-faces" jobs from the media queue, reads the
 * item's preview, finds faces and their descriptors, and saves them with the item's scan. One job at a time:
 * the detector uses a core and about 500 MB. A picture that cannot be read fails the scan with a sentence; the
 * item and the worker stay.
 */
@Injectable()
export class FacesWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(FacesWorker.name);
  private queue: JobQueue | null = null;
  private backfillTimer: NodeJS.Timeout | undefined;

  constructor(
    @Inject(FACES_WORKER_CONFIG) private readonly config: FacesWorkerConfig,
    private readonly faces: FacesRepository,
    private readonly detector: FaceDetector,
    @Inject(MEDIA_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.queue = await openMediaJobs(this.config.DATABASE_URL, 'worker', this.logger);
    await this.queue.work<DetectFacesJob>(DETECT_FACES.name, (run) => this.run(run), 1);
    const backfill = () => this.backfill().catch((error: Error) => this.logger.error(`Backfill: ${error.message}`));
    await backfill();
    this.backfillTimer = setInterval(backfill, BACKFILL_EVERY_MS);
    this.backfillTimer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.backfillTimer);
    await this.queue?.close();
    this.queue = null;
  }

  /** Queues every ready item with a picture that was never scanned, 500 at a time by id. How many were queued. */
  async backfill(): Promise<number> {
    let queued = 0;
    let afterId = 0;
    for (;;) {
      const ids = await this.faces.unscannedAfter(afterId, BACKFILL_BATCH);
      if (ids.length === 0 || !this.queue) break;
      const jobs = ids.map((mediaId) => ({ data: { mediaId } satisfies DetectFacesJob, key: String(mediaId) }));
      queued += await this.queue.sendMany(DETECT_FACES.name, jobs);
      afterId = ids[ids.length - 1];
    }
    if (queued > 0) this.logger.log(`Backfill queued ${queued} item(s) to look for faces on`);
    return queued;
  }

  /** Scans one item now (the job's work, also used by tests). */
  async scan(mediaId: number): Promise<void> {
    const started = Date.now();
    let bytes: Buffer;
    try {
      bytes = await readAll(await this.storage.get(derivativeKey(mediaId, 'preview')));
    } catch (error) {
      if (error instanceof ObjectNotFoundError) {
        await this.faces.saveFailedScan(mediaId, 'The item has no picture to look for faces on.');
        return;
      }
      throw error;
    }
    try {
      const found = await this.detector.detect(await readFacePicture(bytes));
      if (await this.faces.saveScan(mediaId, found)) {
        this.logger.log(`Found ${found.length} face(s) on media item ${mediaId} in ${Date.now() - started} ms`);
      }
    } catch (error) {
      if (!(error instanceof FacePictureError)) throw error;
      this.logger.warn(`Media item ${mediaId}: ${error.message}`);
      await this.faces.saveFailedScan(mediaId, error.message);
    }
  }

  private async run({ data, attempt, lastAttempt }: JobRun<DetectFacesJob>): Promise<void> {
    try {
      await this.scan(data.mediaId);
    } catch (error) {
      this.logger.error(`Faces of media item ${data.mediaId}, try ${attempt}: ${(error as Error).message}`);
      if (!lastAttempt) throw error;
      await this.faces.saveFailedScan(data.mediaId, FACES_GAVE_UP);
    }
  }
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}
