import { dataSourceOptions } from '@family/shared/nest';
import { ProfileEntity } from './entities/profile.entity';
import { CreateProfiles1763770000000 } from './migrations/1763770000000-create-profiles';

export const PROFILE_SCHEMA = 'profile';

export function profileDatabase(url: string) {
  return {
    url,
    schema: PROFILE_SCHEMA,
    entities: [ProfileEntity],
    migrations: [CreateProfiles1763770000000],
  };
}

export const profileDataSourceOptions = (url: string) => dataSourceOptions(profileDatabase(url));
