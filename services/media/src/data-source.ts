import { dataSourceOptions } from '@family/shared/nest';

export const MEDIA_SCHEMA = 'media';

export function mediaDatabase(url: string) {
  return {
    url,
    schema: MEDIA_SCHEMA,
    entities: [],
    migrations: [],
  };
}

export const mediaDataSourceOptions = (url: string) => dataSourceOptions(mediaDatabase(url));
