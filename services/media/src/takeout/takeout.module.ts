import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AlbumsClient, ProfileClient } from '@family/shared/clients';
import { serviceClient } from '@family/shared/nest';
import { MediaItemEntity, type MediaWorkerConfig, TAKEOUT_HOOKS } from '../media-kit';
import { ExportController } from './export/export.controller';
import { ExportRepository } from './export/export.repository';
import { ExportService } from './export/export.service';
import { ExportWorker } from './export/export-worker';
import { TakeoutItemsRepository } from './export/takeout-items.repository';
import { TakeoutSources } from './export/takeout-sources';
import { FamilyPartJobs, familyQueueProvider } from './family-part';
import { TakeoutCalls } from './import/takeout-calls';
import { TakeoutImportController } from './import/takeout-import.controller';
import { TakeoutImportRepository } from './import/takeout-import.repository';
import { TakeoutImporter } from './import/takeout-importer';
import { TakeoutUploadService } from './import/takeout-upload.service';
import { MediaTakeoutHooks } from './takeout-hooks';

/**
 * Takeout (docs/architecture.md "Takeout export", "Takeout import"): a member's archive out as one ZIP, and such a
 * ZIP back in. `kit` is media's MediaKitModule of the same process, the only part of media it injects.
 */
@Module({})
export class TakeoutModule {
  /** The media service: the export and import routes, and its hooks into media's own routes (TAKEOUT_HOOKS). */
  static forService(kit: DynamicModule): DynamicModule {
    return {
      module: TakeoutModule,
      imports: [kit],
      controllers: [ExportController, TakeoutImportController],
      providers: [
        ExportRepository,
        ExportService,
        TakeoutImportRepository,
        TakeoutUploadService,
        { provide: TAKEOUT_HOOKS, useClass: MediaTakeoutHooks },
      ],
      exports: [TAKEOUT_HOOKS],
    };
  }

  /**
   * The media worker: writing exports and running imports, with the calls both make to profile and albums, and the
   * family part each queues for the family worker.
   */
  static forWorker(config: MediaWorkerConfig, kit: DynamicModule): DynamicModule {
    return {
      module: TakeoutModule,
      imports: [kit, TypeOrmModule.forFeature([MediaItemEntity])],
      providers: [
        serviceClient(ProfileClient, config.PROFILE_URL),
        serviceClient(AlbumsClient, config.ALBUMS_URL),
        familyQueueProvider(config),
        FamilyPartJobs,
        ExportRepository,
        TakeoutItemsRepository,
        TakeoutSources,
        ExportWorker,
        TakeoutImportRepository,
        TakeoutCalls,
        TakeoutImporter,
      ],
    };
  }
}
