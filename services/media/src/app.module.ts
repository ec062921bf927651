import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AlbumsClient, ProfileClient } from '@family/shared/clients';
import { ArchiveCoreModule, databaseModule, NotificationOutbox, serviceClient } from '@family/shared/nest';
import { ObjectStorageModule } from '@family/shared/storage';
import type { MediaConfig } from './config';
import { InternalMediaController } from './controllers/internal-media.controller';
import { InternalMediaImportController } from './controllers/internal-media-import.controller';
import { MediaFileController } from './controllers/media-file.controller';
import { MediaTagController } from './controllers/media-tag.controller';
import { AlbumItemsController } from './controllers/album-items.controller';
import { MediaBulkController } from './controllers/media-bulk.controller';
import { MediaController } from './controllers/media.controller';
import { NotificationController } from './controllers/notification.controller';
import { TrashController } from './controllers/trash.controller';
import { mediaDatabase } from './data-source';
import { FacesController } from './faces/faces.controller';
import { FacesRepository } from './faces/faces.repository';
import { FacesService } from './faces/faces.service';
import { MediaItemEntity } from './entities/media-item.entity';
import { MediaTagEntity } from './entities/media-tag.entity';
import { MediaKitModule } from './media-kit';
import { AlbumItemsRepository } from './repositories/album-items.repository';
import { MediaItemRepository } from './repositories/media-item.repository';
import { MediaListRepository } from './repositories/media-list.repository';
import { NotificationRepository } from './repositories/notification.repository';
import { ProcessingRepository } from './repositories/processing.repository';
import { TagRepository } from './repositories/tag.repository';
import { TrashRepository } from './repositories/trash.repository';
import { AlbumAccessCache } from './services/album-access.cache';
import { AlbumItemsService } from './services/album-items.service';
import { BulkMediaService } from './services/bulk-media.service';
import { BrowseService } from './services/browse.service';
import { DateHintService } from './services/date-hint.service';
import { FileService } from './services/file.service';
import { FullSizeRenderer } from './services/full-size-renderer';
import { LivePhotoPairing } from './motion/live-photo-pairing';
import { LivePhotoRepository } from './motion/live-photo.repository';
import { InternalMediaService } from './services/internal.service';
import { MediaImportService } from './services/media-import.service';
import { MediaAccessFactory } from './services/media-access.service';
import { MediaZipService } from './services/media-zip.service';
import { MediaPresenter } from './services/media-presenter';
import { MediaPurger } from './services/media-purger';
import { MediaService } from './services/media.service';
import { NotificationService } from './services/notification.service';
import { MEDIA_STORAGE } from './services/storage.provider';
import { PersonAttachment } from './services/person-attachment';
import { TagService } from './services/tag.service';
import { TrashService } from './services/trash.service';
import { UploadService } from './services/upload.service';
import { UploadThumbnailer } from './services/upload-thumbnailer';
import { OperatorController } from './operator/operator.controller';
import { StorageUseRepository } from './operator/storage-use.repository';
import { IntegrityRepository } from './operator/integrity.repository';
import { IntegrityService } from './operator/integrity.service';
import { BackupRepository } from './operator/backup.repository';
import { TakeoutModule } from './takeout';
import { ResumableUploadController } from './uploads/resumable-upload.controller';
import { ResumableUploadService } from './uploads/resumable-upload.service';
import { UploadRecordRepository } from './uploads/upload-record.repository';

@Module({})
export class AppModule {
  static register(config: MediaConfig): DynamicModule {
    const kit = MediaKitModule.forService(config);
    return {
      module: AppModule,
      imports: [
        ArchiveCoreModule.forRoot({
          serviceName: 'media',
          caches: ['album-access', 'people'],
          internalSecret: config.INTERNAL_SECRET,
          profileUrl: config.PROFILE_URL,
        }),
        databaseModule(mediaDatabase(config.DATABASE_URL)),
        TypeOrmModule.forFeature([MediaItemEntity, MediaTagEntity]),
        ObjectStorageModule.register({ token: MEDIA_STORAGE, config }),
        kit,
        // Takeout exports and imports: their routes, and their part of the account purge and tagged files.
        TakeoutModule.forService(kit),
      ],
      // MediaTagController before MediaController: `tags/:mediaId` must not be taken for `:id` routes.
      controllers: [
        MediaTagController,
        MediaFileController,
        MediaBulkController,
        AlbumItemsController,
        MediaController,
        TrashController,
        NotificationController,
        InternalMediaController,
        InternalMediaImportController,
        ResumableUploadController,
        FacesController,
        OperatorController,
      ],
      providers: [
        serviceClient(AlbumsClient, config.ALBUMS_URL),
        serviceClient(ProfileClient, config.PROFILE_URL),
        MediaItemRepository,
        MediaListRepository,
        TrashRepository,
        ProcessingRepository,
        AlbumItemsRepository,
        TagRepository,
        AlbumAccessCache,
        AlbumItemsService,
        MediaAccessFactory,
        MediaPresenter,
        MediaPurger,
        MediaService,
        TrashService,
        BrowseService,
        DateHintService,
        UploadService,
        UploadThumbnailer,
        FileService,
        FullSizeRenderer,
        LivePhotoPairing,
        LivePhotoRepository,
        TagService,
        PersonAttachment,
        InternalMediaService,
        MediaImportService,
        BulkMediaService,
        MediaZipService,
        UploadRecordRepository,
        ResumableUploadService,
        NotificationRepository,
        NotificationService,
        NotificationOutbox,
        FacesRepository,
        FacesService,
        StorageUseRepository,
        IntegrityRepository,
        IntegrityService,
        BackupRepository,
      ],
    };
  }
}
