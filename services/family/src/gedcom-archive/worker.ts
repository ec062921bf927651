import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { JobQueue } from '@family/shared/jobs';
import { GedcomImporter } from './importer';
import { FAMILY_JOBS, GEDCOM_IMPORT, type GedcomImportJob } from './jobs';

/** In the family worker process: takes GEDCOM imports from the queue, one at a time per process. */
@Injectable()
export class GedcomWorker implements OnApplicationBootstrap {
  constructor(
    @Inject(FAMILY_JOBS) private readonly queue: JobQueue,
    private readonly importer: GedcomImporter,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.work<GedcomImportJob>(GEDCOM_IMPORT.name, (run) => this.importer.run(run));
  }
}
