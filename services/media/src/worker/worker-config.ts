import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { WorkerConfig } from '@family/shared';
import { WithStorageConfig } from '@family/shared/storage';
import { WithTrashDays } from '../trash-config';

/** The media worker: the media service's database and storage, no port (docs/architecture.md "Media worker"). */
export class MediaWorkerConfig extends WithTrashDays(WithStorageConfig(WorkerConfig)) {
  /**
   * Items prepared at once per lane (photos; videos and sound). One keeps a worker's memory small: ffmpeg uses
   * every core anyway. More workers (`--scale media-worker=N`) share the queue.
   */
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'MEDIA_WORKER_CONCURRENCY must be a whole number from 1 to 8' })
  @Min(1, { message: 'MEDIA_WORKER_CONCURRENCY must be a whole number from 1 to 8' })
  @Max(8, { message: 'MEDIA_WORKER_CONCURRENCY must be a whole number from 1 to 8' })
  MEDIA_WORKER_CONCURRENCY: number = 1;
}
