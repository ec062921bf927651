import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { MediaConfig } from './config';
import { MediaItemEntity } from './entities/media-item.entity';
import { MediaTagEntity } from './entities/media-tag.entity';
import { MediaItemRepository } from './repositories/media-item.repository';
import { TagRepository } from './repositories/tag.repository';
import { MediaJobs } from './services/media-jobs';
import { MEDIA_CONFIG } from './services/tokens';
import type { MediaWorkerConfig } from './worker/worker-config';
import { MediaWorkerQueue } from './worker/worker-queue';
import { WORKER_CONFIG } from './worker/worker-tokens';

/**
 * What media lends takeout (takeout/, docs/architecture.md "Media's layout"), and the only file of media that
 * takeout imports (eslint.config.mjs holds it): a short list, so takeout depends on no more of media than it says.
 */
export type { MediaConfig } from './config';
export { hasPictures, needsPreparing } from './dtos/media.dto';
export { UploadMediaFields } from './dtos/upload.dto';
export { MediaItemEntity } from './entities/media-item.entity';
export { extensionFor } from './http/content-disposition';
export { acceptKind, type DeclaredFile, refusalMessage, SNIFF_BYTES, sniffKind } from './processing/sniff';
export { DuplicateUploadError, MediaItemRepository } from './repositories/media-item.repository';
export { COLUMNS, Params, takeoutCondition, type TakeoutSelection, toItem } from './repositories/media-sql';
export { TagRepository } from './repositories/tag.repository';
export {
  EXPORT_TAKEOUT,
  type ExportJobData,
  MediaJobs,
  TAKEOUT_IMPORT,
  type TakeoutImportJob,
} from './services/media-jobs';
export { allDerivativeKeys, derivativeKey, newMediaKey } from './services/object-keys';
export { MEDIA_STORAGE } from './services/storage.provider';
export { TAKEOUT_HOOKS, type TakeoutHooks } from './services/takeout-hooks';
export { MEDIA_CONFIG } from './services/tokens';
export type { MediaWorkerConfig } from './worker/worker-config';
export { MediaWorkerQueue } from './worker/worker-queue';

/**
 * The instances media shares with takeout, one of each per process: imported by the process's own module and
 * handed to TakeoutModule, so both inject the same queue and repositories.
 */
@Module({})
export class MediaKitModule {
  /** The service: its configuration and its side of the media_jobs queue (a sender). */
  static forService(config: MediaConfig): DynamicModule {
    const providers = [{ provide: MEDIA_CONFIG, useValue: config }, MediaJobs];
    return { module: MediaKitModule, providers, exports: providers };
  }

  /** The worker: its configuration, its side of the queue, and the item and tag repositories. */
  static forWorker(config: MediaWorkerConfig): DynamicModule {
    const providers = [
      { provide: WORKER_CONFIG, useValue: config },
      MediaWorkerQueue,
      MediaItemRepository,
      TagRepository,
    ];
    return {
      module: MediaKitModule,
      imports: [TypeOrmModule.forFeature([MediaItemEntity, MediaTagEntity])],
      providers,
      exports: providers,
    };
  }
}
