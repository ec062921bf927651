import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ArchiveCoreModule, databaseModule } from '@family/shared/nest';
import { ObjectStorageModule } from '@family/shared/storage';
import { mediaDatabase } from './data-source';
import { MediaItemEntity } from './entities/media-item.entity';
import { MediaTagEntity } from './entities/media-tag.entity';
import { MediaKitModule } from './media-kit';
import { AlbumItemsRepository } from './repositories/album-items.repository';
import { ProcessingRepository } from './repositories/processing.repository';
import { TrashRepository } from './repositories/trash.repository';
import { MediaPurger } from './services/media-purger';
import { MEDIA_STORAGE } from './services/storage.provider';
import { TakeoutModule } from './takeout';
import { AlbumDetacher } from './worker/album-detacher';
import { MediaPreparer } from './worker/media-preparer';
import { MediaWorker } from './worker/media-worker.service';
import { TrashExpiry } from './worker/trash-expiry';
import { UploadExpiry } from './uploads/upload-expiry';
import { UploadRecordRepository } from './uploads/upload-record.repository';
import type { MediaWorkerConfig } from './worker/worker-config';

import { BackupRepository } from './operator/backup.repository';
import { BackupScheduler } from './operator/backup-scheduler';
import { IntegrityChecker } from './operator/integrity-checker';
import { IntegrityRepository } from './operator/integrity.repository';
/**
 * The media worker's application: the media database and storage, the queue, no HTTP. Takeout's exports and
 * imports are its TakeoutModule, which makes the internal calls to the other services. It also detaches a deleted
 * album's items (a job albums queues).
 */
@Module({})
export class WorkerModule {
  static register(config: MediaWorkerConfig): DynamicModule {
    const kit = MediaKitModule.forWorker(config);
    return {
      module: WorkerModule,
      imports: [
        ArchiveCoreModule.forRoot({
          serviceName: 'media',
          processName: 'media-worker',
          internalSecret: config.INTERNAL_SECRET,
          profileUrl: config.PROFILE_URL,
        }),
        databaseModule(mediaDatabase(config.DATABASE_URL)),
        TypeOrmModule.forFeature([MediaItemEntity, MediaTagEntity]),
        ObjectStorageModule.register({ token: MEDIA_STORAGE, config }),
        kit,
        TakeoutModule.forWorker(config, kit),
      ],
      providers: [
        ProcessingRepository,
        TrashRepository,
        MediaPreparer,
        MediaPurger,
        MediaWorker,
        TrashExpiry,
        UploadRecordRepository,
        UploadExpiry,
        AlbumItemsRepository,
        AlbumDetacher,
        IntegrityRepository,
        IntegrityChecker,
        BackupRepository,
        BackupScheduler,
      ],
    };
  }
}
