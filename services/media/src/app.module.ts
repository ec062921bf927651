import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AlbumsClient } from '@family/shared/clients';
import { ArchiveCoreModule, databaseModule, serviceClient } from '@family/shared/nest';
import { ObjectStorageModule } from '@family/shared/storage';
import type { MediaConfig } from './config';
import { ExportController } from './controllers/export.controller';
import { InternalMediaController } from './controllers/internal-media.controller';
import { InternalMediaImportController } from './controllers/internal-media-import.controller';
import { MediaFileController } from './controllers/media-file.controller';
import { MediaTagController } from './controllers/media-tag.controller';
import { MediaBulkController } from './controllers/media-bulk.controller';
import { MediaController } from './controllers/media.controller';
import { TrashController } from './controllers/trash.controller';
import { mediaDatabase } from './data-source';
import { MediaItemEntity } from './entities/media-item.entity';
import { MediaTagEntity } from './entities/media-tag.entity';
import { AlbumItemsRepository } from './repositories/album-items.repository';
import { MediaItemRepository } from './repositories/media-item.repository';
import { MediaListRepository } from './repositories/media-list.repository';
import { ProcessingRepository } from './repositories/processing.repository';
import { TagRepository } from './repositories/tag.repository';
import { TrashRepository } from './repositories/trash.repository';
import { AlbumAccessCache } from './services/album-access.cache';
import { BulkMediaService } from './services/bulk-media.service';
import { AlbumPreviewsService } from './services/album-previews.service';
import { BrowseService } from './services/browse.service';
import { FileService } from './services/file.service';
import { FullSizeRenderer } from './services/full-size-renderer';
import { LivePhotoPairing } from './motion/live-photo-pairing';
import { LivePhotoRepository } from './motion/live-photo.repository';
import { InternalMediaService } from './services/internal.service';
import { MediaImportService } from './services/media-import.service';
import { MediaAccessFactory } from './services/media-access.service';
import { MediaJobs } from './services/media-jobs';
import { MediaZipService } from './services/media-zip.service';
import { MediaPresenter } from './services/media-presenter';
import { MediaPurger } from './services/media-purger';
import { MediaService } from './services/media.service';
import { MEDIA_STORAGE } from './services/storage.provider';
import { PersonAttachment } from './services/person-attachment';
import { TagService } from './services/tag.service';
import { TrashService } from './services/trash.service';
import { MEDIA_CONFIG } from './services/tokens';
import { UploadService } from './services/upload.service';
import { ExportRepository } from './takeout/export.repository';
import { ExportService } from './services/export.service';
import { UploadThumbnailer } from './services/upload-thumbnailer';
import { TakeoutImportController } from './takeout/takeout-import.controller';
import { TakeoutImportRepository } from './takeout/takeout-import.repository';
import { TakeoutUploadService } from './takeout/takeout-upload.service';

@Module({})
export class AppModule {
  static register(config: MediaConfig): DynamicModule {
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
      ],
      // MediaTagController before MediaController: `tags/:mediaId` must not be taken for `:id` routes.
      controllers: [
        MediaTagController,
        MediaFileController,
        MediaBulkController,
        MediaController,
        TrashController,
        InternalMediaController,
        InternalMediaImportController,
        ExportController,
        TakeoutImportController,
      ],
      providers: [
        { provide: MEDIA_CONFIG, useValue: config },
        serviceClient(AlbumsClient, config.ALBUMS_URL),
        MediaItemRepository,
        MediaListRepository,
        TrashRepository,
        ProcessingRepository,
        AlbumItemsRepository,
        TagRepository,
        AlbumAccessCache,
        MediaAccessFactory,
        MediaPresenter,
        MediaJobs,
        MediaPurger,
        MediaService,
        TrashService,
        BrowseService,
        AlbumPreviewsService,
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
        ExportRepository,
        ExportService,
        TakeoutImportRepository,
        TakeoutUploadService,
      ],
    };
  }
}
