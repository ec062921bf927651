import { DynamicModule, Module } from '@nestjs/common';
import { ArchiveCoreModule, databaseModule } from '@family/shared/nest';
import type { AlbumsConfig } from './config';
import { InternalPurgeController } from './controllers/internal-purge.controller';
import { albumsDatabase } from './data-source';

@Module({})
export class AppModule {
  static register(config: AlbumsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ArchiveCoreModule.forRoot({
          serviceName: 'albums',
          internalSecret: config.INTERNAL_SECRET,
          profileUrl: config.PROFILE_URL,
        }),
        databaseModule(albumsDatabase(config.DATABASE_URL)),
      ],
      controllers: [InternalPurgeController],
      providers: [],
    };
  }
}
