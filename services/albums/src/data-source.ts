import { dataSourceOptions } from '@family/shared/nest';

export const ALBUMS_SCHEMA = 'albums';

export function albumsDatabase(url: string) {
  return {
    url,
    schema: ALBUMS_SCHEMA,
    entities: [],
    migrations: [],
  };
}

export const albumsDataSourceOptions = (url: string) => dataSourceOptions(albumsDatabase(url));
