import { Inject, Injectable, Logger, type OnApplicationShutdown, type Provider } from '@nestjs/common';
import { JobQueue } from '@family/shared/jobs';
import type { FamilyConfig } from '../config';
import { FAMILY_JOB_KINDS, FAMILY_JOBS, FAMILY_JOBS_SCHEMA } from './jobs';

/** The family job queue, opened once per process: a sender in the service, a worker in the worker. */
export function familyJobsProvider(config: FamilyConfig, role: 'sender' | 'worker'): Provider {
  const logger = new Logger('FamilyJobs');
  return {
    provide: FAMILY_JOBS,
    useFactory: () =>
      JobQueue.open({
        url: config.DATABASE_URL,
        schema: FAMILY_JOBS_SCHEMA,
        kinds: FAMILY_JOB_KINDS,
        role,
        onError: (error) => logger.error(`job queue: ${error.message}`),
      }),
  };
}

/** Closes the queue when the process stops: a worker lets the import under way finish (20 s). */
@Injectable()
export class FamilyJobsCloser implements OnApplicationShutdown {
  constructor(@Inject(FAMILY_JOBS) private readonly queue: JobQueue) {}

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}
