import {
  CreateAlbumPreviews1769700000000,
  CreateAnnouncedChanges1769450000000,
  CreateChangeGenerations1764600000000,
  CreateNotifications1769600000000,
  dataSourceOptions,
} from '@family/shared/nest';
import { AlbumMemberEntity } from './entities/album-member.entity';
import { AlbumEntity } from './entities/album.entity';
import { CreateAlbums1763790000000 } from './migrations/1763790000000-create-albums';
import { AlbumImportSource1769000000000 } from './migrations/1769000000000-album-import-source';

export const ALBUMS_SCHEMA = 'albums';

export function albumsDatabase(url: string) {
  return {
    url,
    schema: ALBUMS_SCHEMA,
    entities: [AlbumEntity, AlbumMemberEntity],
    migrations: [
      CreateAlbums1763790000000,
      CreateChangeGenerations1764600000000,
      AlbumImportSource1769000000000,
      CreateAnnouncedChanges1769450000000,
      CreateNotifications1769600000000,
      CreateAlbumPreviews1769700000000,
    ],
  };
}

export const albumsDataSourceOptions = (url: string) => dataSourceOptions(albumsDatabase(url));
