import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MediaClient, ProfileClient } from '@family/shared/clients';
import { ArchiveCoreModule, databaseModule, serviceClient } from '@family/shared/nest';
import { ObjectStorageModule } from '@family/shared/storage';
import type { FamilyConfig } from './config';
import { AdminQueueController } from './controllers/admin-queue.controller';
import { FamilyController } from './controllers/family.controller';
import { GedcomController } from './controllers/gedcom.controller';
import { InternalPurgeController } from './controllers/internal-purge.controller';
import { PeopleController } from './controllers/people.controller';
import { familyDatabase } from './data-source';
import { RelationEntity } from './entities/relation.entity';
import { FamilyJobsCloser, familyJobsProvider } from './gedcom-archive/family-jobs.provider';
import { GedcomExportService } from './gedcom-archive/export.service';
import { GedcomImportRepository } from './gedcom-archive/import.repository';
import { GEDCOM_STORAGE } from './gedcom-archive/jobs';
import { GedcomUploadService } from './gedcom-archive/upload.service';
import { RelationRepository } from './repositories/relation.repository';
import { PersonRemovalService } from './services/person-removal.service';
import { RelationService } from './services/relation.service';
import { FAMILY_CONFIG } from './services/services';

@Module({})
export class AppModule {
  static register(config: FamilyConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ArchiveCoreModule.forRoot({
          serviceName: 'family',
          caches: ['people'],
          internalSecret: config.INTERNAL_SECRET,
          profileUrl: config.PROFILE_URL,
        }),
        databaseModule(familyDatabase(config.DATABASE_URL)),
        TypeOrmModule.forFeature([RelationEntity]),
        ObjectStorageModule.register({ token: GEDCOM_STORAGE, config }),
      ],
      // GEDCOM first: its paths (/api/family/gedcom…) must not be read as a person's id.
      controllers: [
        AdminQueueController,
        GedcomController,
        FamilyController,
        PeopleController,
        InternalPurgeController,
      ],
      providers: [
        { provide: FAMILY_CONFIG, useValue: config },
        serviceClient(ProfileClient, config.PROFILE_URL),
        serviceClient(MediaClient, config.MEDIA_URL),
        RelationRepository,
        RelationService,
        PersonRemovalService,
        familyJobsProvider(config, 'sender'),
        FamilyJobsCloser,
        GedcomImportRepository,
        GedcomUploadService,
        GedcomExportService,
      ],
    };
  }
}
