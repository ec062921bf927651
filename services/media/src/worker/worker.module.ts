import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AlbumsClient, FamilyClient, ProfileClient } from '@family/shared/clients';
import { ArchiveCoreModule, databaseModule, serviceClient } from '@family/shared/nest';
import { ObjectStorageModule } from '@family/shared/storage';
import { mediaDatabase } from '../data-source';
import { MediaItemEntity } from '../entities/media-item.entity';
import { MediaTagEntity } from '../entities/media-tag.entity';
import { MediaItemRepository } from '../repositories/media-item.repository';
import { ProcessingRepository } from '../repositories/processing.repository';
import { TagRepository } from '../repositories/tag.repository';
import { TakeoutItemsRepository } from '../repositories/takeout-items.repository';
import { TrashRepository } from '../repositories/trash.repository';
import { MediaPurger } from '../services/media-purger';
import { MEDIA_STORAGE } from '../services/storage.provider';
import { ExportRepository } from '../takeout/export.repository';
import { ExportWorker } from './export-worker';
import { TakeoutCalls } from '../takeout/takeout-calls';
import { TakeoutImportRepository } from '../takeout/takeout-import.repository';
import { TakeoutImporter } from '../takeout/takeout-importer';
import { MediaPreparer } from './media-preparer';
import { TakeoutSources } from './takeout-sources';
import { MediaWorker } from './media-worker.service';
import { TrashExpiry } from './trash-expiry';
import { UploadExpiry } from '../uploads/upload-expiry';
import { UploadRecordRepository } from '../uploads/upload-record.repository';
import type { MediaWorkerConfig } from './worker-config';
import { WORKER_CONFIG } from './worker-tokens';

/** The media worker's application: the media database and storage, the queue, internal calls, no HTTP. */
@Module({})
export class WorkerModule {
  static register(config: MediaWorkerConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        ArchiveCoreModule.forRoot({
          serviceName: 'media',
          internalSecret: config.INTERNAL_SECRET,
          profileUrl: config.PROFILE_URL,
        }),
        databaseModule(mediaDatabase(config.DATABASE_URL)),
        TypeOrmModule.forFeature([MediaItemEntity, MediaTagEntity]),
        ObjectStorageModule.register({ token: MEDIA_STORAGE, config }),
      ],
      providers: [
        { provide: WORKER_CONFIG, useValue: config },
        serviceClient(ProfileClient, config.PROFILE_URL),
        serviceClient(AlbumsClient, config.ALBUMS_URL),
        serviceClient(FamilyClient, config.FAMILY_URL),
        MediaItemRepository,
        TrashRepository,
        ProcessingRepository,
        TagRepository,
        TakeoutItemsRepository,
        MediaPreparer,
        MediaWorker,
        ExportRepository,
        TakeoutSources,
        ExportWorker,
        MediaPurger,
        MediaWorker,
        TrashExpiry,
        UploadRecordRepository,
        UploadExpiry,
        TakeoutImportRepository,
        TakeoutCalls,
        TakeoutImporter,
      ],
    };
  }
}
