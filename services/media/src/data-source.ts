import { CreateChangeGenerations1764600000000, dataSourceOptions } from '@family/shared/nest';
import { MediaItemEntity } from './entities/media-item.entity';
import { MediaTagEntity } from './entities/media-tag.entity';
import { CreateMedia1763780000000 } from './migrations/1763780000000-create-media';

export const MEDIA_SCHEMA = 'media';

export function mediaDatabase(url: string) {
  return {
    url,
    schema: MEDIA_SCHEMA,
    entities: [MediaItemEntity, MediaTagEntity],
    migrations: [CreateMedia1763780000000, CreateChangeGenerations1764600000000],
  };
}

export const mediaDataSourceOptions = (url: string) => dataSourceOptions(mediaDatabase(url));
