import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import {
  TAKEOUT_FAMILY_EXPORT,
  TAKEOUT_FAMILY_IMPORT,
  type TakeoutFamilyExportJob,
  type TakeoutFamilyImportJob,
} from '@family/contract';
import type { JobQueue } from '@family/shared/jobs';
import { GedcomImporter } from './importer';
import { FAMILY_JOBS, GEDCOM_IMPORT, type GedcomImportJob } from './jobs';
import { TakeoutFamilyService } from './takeout-family.service';
import { GedcomTakeoutService } from './takeout.service';

/**
 * In the family worker process: takes GEDCOM imports from the queue, one at a time per process, and a takeout's
 * family part (an export's family.ged and ties, an import's family.ged) queued by the media worker.
 */
@Injectable()
export class GedcomWorker implements OnApplicationBootstrap {
  constructor(
    @Inject(FAMILY_JOBS) private readonly queue: JobQueue,
    private readonly importer: GedcomImporter,
    private readonly takeoutExport: TakeoutFamilyService,
    private readonly takeoutImport: GedcomTakeoutService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.work<GedcomImportJob>(GEDCOM_IMPORT.name, (run) => this.importer.run(run));
    await this.queue.work<TakeoutFamilyExportJob>(TAKEOUT_FAMILY_EXPORT.name, (run) => this.takeoutExport.write(run));
    await this.queue.work<TakeoutFamilyImportJob>(TAKEOUT_FAMILY_IMPORT.name, (run) =>
      this.takeoutImport.importPeople(run),
    );
  }
}
