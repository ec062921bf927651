import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthClient } from '@family/shared/clients';
import { ArchiveCoreModule, databaseModule, NotificationOutbox, serviceClient } from '@family/shared/nest';
import { ObjectStorageModule } from '@family/shared/storage';
import type { ProfileConfig } from './config';
import { InternalDirectoryController } from './controllers/internal-directory.controller';
import { InternalPeopleController } from './controllers/internal-people.controller';
import { InternalTakeoutController } from './controllers/internal-takeout.controller';
import { InternalPeopleImportController } from './controllers/internal-people-import.controller';
import { InternalTakeoutImportController } from './controllers/internal-takeout-import.controller';
import { MemoryController } from './controllers/memory.controller';
import { PeopleController } from './controllers/people.controller';
import { PictureController } from './controllers/picture.controller';
import { ProfileController } from './controllers/profile.controller';
import { UserController } from './controllers/user.controller';
import { profileDatabase } from './data-source';
import { MemoryEntity } from './entities/memory.entity';
import { PersonChangeEntity } from './entities/person-change.entity';
import { ProfileEntity } from './entities/profile.entity';
import { MemoryRepository } from './repositories/memory.repository';
import { PeopleImportRepository } from './repositories/people-import.repository';
import { PersonRepository } from './repositories/person.repository';
import { ProfileRepository } from './repositories/profile.repository';
import { DirectoryService } from './services/directory.service';
import { MemoryService } from './services/memory.service';
import { PeopleImportService } from './services/people-import.service';
import { PeopleService } from './services/people.service';
import { TakeoutRestoreService } from './services/takeout-restore.service';
import { PictureService } from './services/picture.service';
import { ProfileService } from './services/profile.service';
import { PurgeService } from './services/purge.service';
import { PICTURE_STORAGE, PROFILE_CONFIG } from './services/tokens';

import { InternalLifeSpansController } from './controllers/internal-life-spans.controller';
import { LifeSpanRepository } from './repositories/life-span.repository';
@Module({})
export class AppModule {
  static register(config: ProfileConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ArchiveCoreModule.forRoot({
          serviceName: 'profile',
          internalSecret: config.INTERNAL_SECRET,
          // Everyone who shows people keeps a short copy of the directory (docs/architecture.md "Caches").
          announces: ['people'],
        }),
        databaseModule(profileDatabase(config.DATABASE_URL)),
        TypeOrmModule.forFeature([ProfileEntity, MemoryEntity, PersonChangeEntity]),
        ObjectStorageModule.register({ token: PICTURE_STORAGE, config }),
      ],
      controllers: [
        UserController,
        ProfileController,
        PictureController,
        MemoryController,
        PeopleController,
        InternalDirectoryController,
        InternalPeopleController,
        InternalPeopleImportController,
        InternalTakeoutController,
        InternalTakeoutImportController,
        InternalLifeSpansController,
      ],
      providers: [
        { provide: PROFILE_CONFIG, useValue: config },
        serviceClient(AuthClient, config.AUTH_URL),
        PersonRepository,
        LifeSpanRepository,
        PeopleService,
        ProfileRepository,
        MemoryRepository,
        DirectoryService,
        ProfileService,
        PictureService,
        MemoryService,
        NotificationOutbox,
        PurgeService,
        TakeoutRestoreService,
        PeopleImportRepository,
        PeopleImportService,
      ],
    };
  }
}
