import { Inject, Injectable, Logger, type OnApplicationShutdown, type Provider } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ALBUM_DETACH, ALBUM_DETACH_QUEUE, type AlbumDetachJob } from '@family/contract';
import { JobQueue } from '@family/shared/jobs';
import type { AlbumsConfig } from '../config';

/** How long a deletion waits for the media worker to detach its items before it is answered anyway. */
const WAIT_MS = 5000;
const POLL_MS = 100;

/** Media's queue, opened by albums as a sender of one kind of job: a deleted album's items to detach. */
export const ALBUM_DETACH_JOBS = Symbol('ALBUM_DETACH_JOBS');

export function albumDetachQueueProvider(config: AlbumsConfig): Provider {
  const logger = new Logger('AlbumDetachJobs');
  return {
    provide: ALBUM_DETACH_JOBS,
    useFactory: () =>
      JobQueue.open({
        url: config.DATABASE_URL,
        schema: ALBUM_DETACH_QUEUE,
        kinds: [ALBUM_DETACH],
        role: 'sender',
        onError: (error) => logger.error(`Media job queue: ${error.message}`),
      }),
  };
}

/**
 * A deleted album's items are detached by the media worker (docs/architecture.md "Who calls whom"): the job is
 * queued in the deletion's own transaction, so an album is never gone while its items are not on their way out,
 * and a deletion needs media neither up nor called. The deletion is answered once the job has run (the items in
 * no album, as the person expects to find them), or after WAIT_MS while the worker is away (it runs it when back).
 */
@Injectable()
export class AlbumDetachJobs implements OnApplicationShutdown {
  constructor(@Inject(ALBUM_DETACH_JOBS) private readonly jobs: JobQueue) {}

  async onApplicationShutdown(): Promise<void> {
    await this.jobs.close(0);
  }

  /** Queues the detaching of the album's items inside the transaction `manager` is in. */
  async queueIn(albumId: number, manager: EntityManager): Promise<void> {
    const job: AlbumDetachJob = { albumId };
    await this.jobs.send(ALBUM_DETACH.name, job, `album-${albumId}`, {
      executeSql: async (text, values) => ({ rows: await manager.query(text, values) }),
    });
  }

  /** Waits, at most WAIT_MS, until the detaching queued for the album has run. */
  async waitForDetached(albumId: number): Promise<void> {
    const until = Date.now() + WAIT_MS;
    for (;;) {
      const state = await this.jobs.latestState(ALBUM_DETACH.name, `album-${albumId}`);
      if (state === 'completed' || state === 'failed' || state === null || Date.now() > until) return;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
}
