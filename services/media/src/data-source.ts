import {
  CreateAnnouncedChanges1769450000000,
  CreateChangeGenerations1764600000000,
  CreateAlbumPreviews1769700000000,
  CreateNotifications1769600000000,
  dataSourceOptions,
} from '@family/shared/nest';
import { MediaItemEntity } from './entities/media-item.entity';
import { MediaTagEntity } from './entities/media-tag.entity';
import { CreateMedia1763780000000 } from './migrations/1763780000000-create-media';
import { MediaProcessing1767000000000 } from './migrations/1767000000000-media-processing';
import { ThumbnailReady1768000000000 } from './migrations/1768000000000-thumbnail-ready';
import { CreateExports1769000000000 } from './migrations/1769000000000-create-exports';
import { TakeoutImports1769050000000 } from './migrations/1769050000000-takeout-imports';
import { Trash1769100000000 } from './migrations/1769100000000-trash';
import { Browse1769200000000 } from './migrations/1769200000000-browse';
import { AlbumPreviews1769300000000 } from './migrations/1769300000000-album-previews';
import { TagConfirmation1769400000000 } from './migrations/1769400000000-tag-confirmation';
import { ResumableUploads1769500000000 } from './migrations/1769500000000-resumable-uploads';
import { AlbumPreviewRows1769710000000 } from './migrations/1769710000000-album-preview-rows';
import { MotionPhotos1769510000000 } from './migrations/1769510000000-motion-photos';
import { Faces1769700000000 } from './migrations/1769700000000-faces';
import { IntegrityReports1770200000000 } from './migrations/1770200000000-integrity-reports';
import { Backups1770210000000 } from './migrations/1770210000000-backups';
import { ItemDates1769710000000 } from './migrations/1769710000000-item-dates';
import { ItemPlaces1769720000000 } from './migrations/1769720000000-item-places';

export const MEDIA_SCHEMA = 'media';
/** The media worker's job queue (pg-boss) lives in a schema of its own beside the service's. */
export const MEDIA_JOBS_SCHEMA = 'media_jobs';

export function mediaDatabase(url: string) {
  return {
    url,
    schema: MEDIA_SCHEMA,
    entities: [MediaItemEntity, MediaTagEntity],
    migrations: [
      CreateMedia1763780000000,
      CreateChangeGenerations1764600000000,
      MediaProcessing1767000000000,
      ThumbnailReady1768000000000,
      CreateExports1769000000000,
      TakeoutImports1769050000000,
      Trash1769100000000,
      Browse1769200000000,
      AlbumPreviews1769300000000,
      TagConfirmation1769400000000,
      CreateAnnouncedChanges1769450000000,
      ResumableUploads1769500000000,
      MotionPhotos1769510000000,
      CreateNotifications1769600000000,
      Faces1769700000000,
      CreateAlbumPreviews1769700000000,
      AlbumPreviewRows1769710000000,
      IntegrityReports1770200000000,
      Backups1770210000000,
      ItemDates1769710000000,
      ItemPlaces1769720000000,
    ],
  };
}

export const mediaDataSourceOptions = (url: string) => dataSourceOptions(mediaDatabase(url));
