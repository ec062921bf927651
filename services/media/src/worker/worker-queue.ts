import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { JobQueue } from '@family/shared/jobs';
import type { MediaItemEntity } from '../entities/media-item.entity';
import { openMediaJobs, type PrepareJob, prepareLane } from '../services/media-jobs';
import type { MediaWorkerConfig } from './worker-config';
import { WORKER_CONFIG } from './worker-tokens';

/**
 * The worker's side of the media_jobs queue, one per worker process, shared by the prepare lanes (MediaWorker)
 * and takeout's export and import lanes: opened at module init, so it is open before any lane is worked; closed
 * at shutdown, which gives the jobs under way their time (docs/architecture.md "Background jobs").
 */
@Injectable()
export class MediaWorkerQueue implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(MediaWorkerQueue.name);
  private opened: JobQueue | null = null;

  constructor(@Inject(WORKER_CONFIG) private readonly config: MediaWorkerConfig) {}

  async onModuleInit(): Promise<void> {
    this.opened = await openMediaJobs(this.config.DATABASE_URL, 'worker', this.logger);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.opened?.close();
    this.opened = null;
  }

  /** The open queue; null once closed. */
  get queue(): JobQueue | null {
    return this.opened;
  }

  /** The open queue, for a lane to be worked at start. */
  get open(): JobQueue {
    if (!this.opened) throw new Error('The media job queue is not open');
    return this.opened;
  }

  /** Queues an item for preparing in its lane (an item a takeout import brought in). */
  async prepare(item: Pick<MediaItemEntity, 'id' | 'type' | 'objectKey'>): Promise<void> {
    await this.open.send(prepareLane(item), { mediaId: item.id } satisfies PrepareJob, String(item.id));
  }
}
