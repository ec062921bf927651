import { dataSourceOptions } from '@family/shared/nest';

export const FAMILY_SCHEMA = 'family';

export function familyDatabase(url: string) {
  return {
    url,
    schema: FAMILY_SCHEMA,
    entities: [],
    migrations: [],
  };
}

export const familyDataSourceOptions = (url: string) => dataSourceOptions(familyDatabase(url));
