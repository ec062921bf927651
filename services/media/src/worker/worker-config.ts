import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, Min, MinLength } from 'class-validator';
import { IsServiceUrl, WorkerConfig } from '@family/shared';
import { WithStorageConfig } from '@family/shared/storage';
import { WithFacesSwitch } from '../faces/faces-config';
import { WithBackupConfig } from '../operator/backup-config';
import { WithTrashDays } from '../trash-config';

/**
 * The media worker: the media service's database and storage, no port (docs/architecture.md "Media worker"),
 * and the addresses of profile and albums and the secret to call them, which takeout exports read from and imports
 * write to (docs/architecture.md "Takeout export", "Takeout import"; family's part is a job in its queue).
 */
export class MediaWorkerConfig extends WithBackupConfig(
  WithFacesSwitch(WithTrashDays(WithStorageConfig(WorkerConfig))),
) {
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

  @IsString({ message: 'INTERNAL_SECRET must be set (a long random string shared by the gateway and services)' })
  @MinLength(16, { message: 'INTERNAL_SECRET must be at least 16 characters' })
  INTERNAL_SECRET!: string;

  @IsServiceUrl('profile')
  PROFILE_URL!: string;

  @IsServiceUrl('albums')
  ALBUMS_URL!: string;
}
