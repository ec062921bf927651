import { DynamicModule, Module } from '@nestjs/common';
import { MediaClient, ProfileClient } from '@family/shared/clients';
import { ArchiveCoreModule, databaseModule, serviceClient } from '@family/shared/nest';
import { ObjectStorageModule } from '@family/shared/storage';
import type { FamilyConfig } from './config';
import { familyDatabase } from './data-source';
import { FamilyJobsCloser, familyJobsProvider } from './gedcom-archive/family-jobs.provider';
import { GedcomExportService } from './gedcom-archive/export.service';
import { GedcomImportRepository } from './gedcom-archive/import.repository';
import { GedcomImporter } from './gedcom-archive/importer';
import { GEDCOM_STORAGE } from './gedcom-archive/jobs';
import { GedcomMediaImporter } from './gedcom-archive/media';
import { TakeoutFamilyService } from './gedcom-archive/takeout-family.service';
import { GedcomTakeoutService } from './gedcom-archive/takeout.service';
import { GedcomTieWriter } from './gedcom-archive/ties';
import { GedcomWorker } from './gedcom-archive/worker';
import { FAMILY_CONFIG } from './services/services';

/**
 * The family worker: the same database and storage as the service, no HTTP; it runs GEDCOM imports and a takeout's
 * family part.
 */
@Module({})
export class WorkerModule {
  static register(config: FamilyConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        ArchiveCoreModule.forRoot({
          serviceName: 'family',
          processName: 'family-worker',
          internalSecret: config.INTERNAL_SECRET,
          profileUrl: config.PROFILE_URL,
        }),
        databaseModule(familyDatabase(config.DATABASE_URL)),
        ObjectStorageModule.register({ token: GEDCOM_STORAGE, config }),
      ],
      providers: [
        { provide: FAMILY_CONFIG, useValue: config },
        serviceClient(ProfileClient, config.PROFILE_URL),
        serviceClient(MediaClient, config.MEDIA_URL),
        familyJobsProvider(config, 'worker'),
        FamilyJobsCloser,
        GedcomImportRepository,
        GedcomTieWriter,
        GedcomMediaImporter,
        GedcomImporter,
        GedcomExportService,
        TakeoutFamilyService,
        GedcomTakeoutService,
        GedcomWorker,
      ],
    };
  }
}
