import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ArchiveCoreModule, databaseModule } from '@family/shared/nest';
import type { ProfileConfig } from './config';
import { InternalDirectoryController } from './controllers/internal-directory.controller';
import { UserController } from './controllers/user.controller';
import { profileDatabase } from './data-source';
import { ProfileEntity } from './entities/profile.entity';
import { ProfileRepository } from './repositories/profile.repository';
import { DirectoryService } from './services/directory.service';

@Module({})
export class AppModule {
  static register(config: ProfileConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ArchiveCoreModule.forRoot({ serviceName: 'profile', internalSecret: config.INTERNAL_SECRET }),
        databaseModule(profileDatabase(config.DATABASE_URL)),
        TypeOrmModule.forFeature([ProfileEntity]),
      ],
      controllers: [UserController, InternalDirectoryController],
      providers: [ProfileRepository, DirectoryService],
    };
  }
}
