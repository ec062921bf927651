import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { ALBUM_DETACH } from '@family/contract';
import { type JobKind, JobQueue } from '@family/shared/jobs';
import { MEDIA_JOBS_SCHEMA } from '../data-source';
import { isRecording, needsPreparing } from '../dtos/media.dto';
import type { MediaItemEntity } from '../entities/media-item.entity';
import { DETECT_FACES } from '../faces/faces-jobs';
import { MEDIA_CONFIG } from './tokens';

/**
 * Preparing an item is a "prepare" job keyed by the item's id, in one of two lanes (docs/architecture.md
 * "Media worker"): photos in `prepare`, videos and sound in `prepare-recording`, so a long transcode never holds
 * back the pictures uploaded after it. A failed try waits 10 s, then 20 s, then 40 s.
 */
export const PREPARE_PHOTO = 'prepare';
export const PREPARE_RECORDING = 'prepare-recording';
export const PREPARE_JOB_KINDS: JobKind[] = [
  { name: PREPARE_PHOTO, retryLimit: 3, retryDelaySeconds: 10 },
  { name: PREPARE_RECORDING, retryLimit: 3, retryDelaySeconds: 10 },
];
/**
 * A takeout export is a lane of its own, keyed by the export's id, so an hour-long export never holds back the
 * preparing of uploads (docs/architecture.md "Takeout export"). One retry: a second failure is recorded. Takeout
 * imports have a lane of their own too (docs/architecture.md "Takeout import"), keyed by the import's id. Their
 * handlers live in takeout/; the lanes are here, since the queue is opened with all of them.
 */
export const EXPORT_TAKEOUT = 'export';
export const TAKEOUT_IMPORT: JobKind = { name: 'takeout-import', retryLimit: 1, retryDelaySeconds: 10 };
/** Removes unfinished resumable uploads past their time (uploads/upload-expiry.ts): one at a time, by its key. */
export const EXPIRE_UPLOADS: JobKind = { name: 'expire-uploads', retryLimit: 1, retryDelaySeconds: 60 };
/**
 * The integrity check of every stored file (operator/integrity-checker.ts), keyed by one key so that one runs at a
 * time; a try cut off starts its report over (docs/architecture.md "Integrity").
 */
export const INTEGRITY_CHECK: JobKind = { name: 'integrity-check', retryLimit: 1, retryDelaySeconds: 60 };
export const MEDIA_JOB_KINDS: JobKind[] = [
  ...PREPARE_JOB_KINDS,
  { name: EXPORT_TAKEOUT, retryLimit: 1, retryDelaySeconds: 30 },
  TAKEOUT_IMPORT,
  EXPIRE_UPLOADS,
  DETECT_FACES,
  // A deleted album's items, queued by albums in the deletion's transaction (worker/album-detacher.ts).
  ALBUM_DETACH,
  INTEGRITY_CHECK,
];

export interface IntegrityCheckJob {
  reportId: number;
}

export interface ExportJobData {
  exportId: number;
}

export interface TakeoutImportJob {
  importId: number;
}

export interface PrepareJob {
  mediaId: number;
}

export function prepareLane(item: Pick<MediaItemEntity, 'type' | 'objectKey'>): string {
  return isRecording(item) ? PREPARE_RECORDING : PREPARE_PHOTO;
}

export function openMediaJobs(url: string, role: 'sender' | 'worker', logger: Logger): Promise<JobQueue> {
  return JobQueue.open({
    url,
    schema: MEDIA_JOBS_SCHEMA,
    kinds: MEDIA_JOB_KINDS,
    role,
    onError: (error) => logger.error(`Media job queue: ${error.message}`),
  });
}

/** The service's side of the queue: it asks for items to be prepared, the worker (worker.ts) prepares them. */
@Injectable()
export class MediaJobs implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(MediaJobs.name);
  private queue: JobQueue | null = null;

  constructor(@Inject(MEDIA_CONFIG) private readonly config: { DATABASE_URL: string }) {}

  async onModuleInit(): Promise<void> {
    this.queue = await openMediaJobs(this.config.DATABASE_URL, 'sender', this.logger);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue?.close(0);
    this.queue = null;
  }

  /** Queues the item's preparation (nothing when it needs none, or a job for it waits or runs already). */
  async prepare(item: Pick<MediaItemEntity, 'id' | 'type' | 'objectKey'>): Promise<void> {
    if (!needsPreparing(item) || !this.queue) return;
    const job: PrepareJob = { mediaId: item.id };
    await this.queue.send(prepareLane(item), job, String(item.id));
  }

  /**
   * Queues the item's preparation once more, even while a job for it runs: a Live Photo's other half joined it, and
   * the running job, prepared from the files as they were, leaves the row to this one (docs/architecture.md
   * "Motion and Live Photos").
   */
  async prepareAgain(item: Pick<MediaItemEntity, 'id' | 'type' | 'objectKey'>): Promise<void> {
    if (!needsPreparing(item) || !this.queue) return;
    const job: PrepareJob = { mediaId: item.id };
    await this.queue.send(prepareLane(item), job, `${item.id}:again`);
  }

  /** Queues the writing of an export's ZIP. */
  async export(exportId: number): Promise<void> {
    if (!this.queue) throw new Error('The media job queue is not open');
    const job: ExportJobData = { exportId };
    await this.queue.send(EXPORT_TAKEOUT, job, String(exportId));
  }

  /** The queue itself, for the operator's page (counts, failed jobs, retry). */
  openQueue(): JobQueue {
    if (!this.queue) throw new Error('The media job queue is not open');
    return this.queue;
  }

  /** Queues the integrity check of a report just made (one at a time: one key). */
  async checkIntegrity(reportId: number): Promise<void> {
    await this.openQueue().send(INTEGRITY_CHECK.name, { reportId } satisfies IntegrityCheckJob, 'integrity');
  }

  /** Queues a takeout import for the media worker. */
  async importTakeout(importId: number): Promise<void> {
    if (!this.queue) throw new Error('The media job queue is not open');
    const job: TakeoutImportJob = { importId };
    await this.queue.send(TAKEOUT_IMPORT.name, job, String(importId));
  }
}
