import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ArchiveCoreModule, databaseModule, NotificationOutbox } from '@family/shared/nest';
import type { AlbumsConfig } from './config';
import { AlbumMemberController } from './controllers/album-member.controller';
import { AlbumController } from './controllers/album.controller';
import { InternalAlbumAccessController } from './controllers/internal-album-access.controller';
import { InternalTakeoutController } from './controllers/internal-takeout.controller';
import { InternalAlbumImportController } from './controllers/internal-album-import.controller';
import { InternalPurgeController } from './controllers/internal-purge.controller';
import { albumsDatabase } from './data-source';
import { AlbumMemberEntity } from './entities/album-member.entity';
import { AlbumEntity } from './entities/album.entity';
import { AlbumPreviewsRepository } from './repositories/album-previews.repository';
import { TakeoutAlbumRepository } from './repositories/takeout-album.repository';
import { AlbumRepository } from './repositories/album.repository';
import { AlbumAccessService } from './services/album-access.service';
import { AlbumImportService } from './services/album-import.service';
import { AlbumPresenter } from './services/album-presenter';
import { AlbumDetachJobs, albumDetachQueueProvider } from './services/album-detach-jobs';
import { AlbumService } from './services/album.service';
import { ALBUMS_CONFIG } from './services/tokens';

@Module({})
export class AppModule {
  static register(config: AlbumsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ArchiveCoreModule.forRoot({
          serviceName: 'albums',
          caches: ['people'],
          announces: ['album-access'],
          internalSecret: config.INTERNAL_SECRET,
          profileUrl: config.PROFILE_URL,
        }),
        databaseModule(albumsDatabase(config.DATABASE_URL)),
        TypeOrmModule.forFeature([AlbumEntity, AlbumMemberEntity]),
      ],
      controllers: [
        AlbumController,
        AlbumMemberController,
        InternalAlbumAccessController,
        InternalPurgeController,
        InternalTakeoutController,
        InternalAlbumImportController,
      ],
      providers: [
        { provide: ALBUMS_CONFIG, useValue: config },
        AlbumRepository,
        AlbumPreviewsRepository,
        albumDetachQueueProvider(config),
        AlbumDetachJobs,
        AlbumPresenter,
        AlbumService,
        NotificationOutbox,
        AlbumAccessService,
        TakeoutAlbumRepository,
        AlbumImportService,
      ],
    };
  }
}
