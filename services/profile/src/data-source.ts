import {
  CreateAnnouncedChanges1769450000000,
  CreateNotifications1769600000000,
  dataSourceOptions,
} from '@family/shared/nest';
import { MemoryEntity } from './entities/memory.entity';
import { PersonChangeEntity } from './entities/person-change.entity';
import { ProfileEntity } from './entities/profile.entity';
import { CreateProfiles1763770000000 } from './migrations/1763770000000-create-profiles';
import { CreateMemoriesAndPictureVersions1763780000000 } from './migrations/1763780000000-create-memories-and-picture-versions';
import { MemoriesAboutPeople1763820000000 } from './migrations/1763820000000-memories-about-people';
import { People1763800000000 } from './migrations/1763800000000-people';

export const PROFILE_SCHEMA = 'profile';

export function profileDatabase(url: string) {
  return {
    url,
    schema: PROFILE_SCHEMA,
    entities: [ProfileEntity, MemoryEntity, PersonChangeEntity],
    migrations: [
      CreateProfiles1763770000000,
      CreateMemoriesAndPictureVersions1763780000000,
      People1763800000000,
      MemoriesAboutPeople1763820000000,
      CreateAnnouncedChanges1769450000000,
      CreateNotifications1769600000000,
    ],
  };
}

export const profileDataSourceOptions = (url: string) => dataSourceOptions(profileDatabase(url));
