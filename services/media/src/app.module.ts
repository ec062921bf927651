import { DynamicModule, Module } from '@nestjs/common';
import { ArchiveCoreModule, databaseModule } from '@family/shared/nest';
import type { MediaConfig } from './config';
import { InternalPurgeController } from './controllers/internal-purge.controller';
import { mediaDatabase } from './data-source';

@Module({})
export class AppModule {
  static register(config: MediaConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ArchiveCoreModule.forRoot({
          serviceName: 'media',
          internalSecret: config.INTERNAL_SECRET,
          profileUrl: config.PROFILE_URL,
        }),
        databaseModule(mediaDatabase(config.DATABASE_URL)),
      ],
      controllers: [InternalPurgeController],
      providers: [],
    };
  }
}
