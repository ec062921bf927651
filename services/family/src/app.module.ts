import { DynamicModule, Module } from '@nestjs/common';
import { ArchiveCoreModule, databaseModule } from '@family/shared/nest';
import type { FamilyConfig } from './config';
import { InternalPurgeController } from './controllers/internal-purge.controller';
import { familyDatabase } from './data-source';

@Module({})
export class AppModule {
  static register(config: FamilyConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ArchiveCoreModule.forRoot({
          serviceName: 'family',
          internalSecret: config.INTERNAL_SECRET,
          profileUrl: config.PROFILE_URL,
        }),
        databaseModule(familyDatabase(config.DATABASE_URL)),
      ],
      controllers: [InternalPurgeController],
      providers: [],
    };
  }
}
