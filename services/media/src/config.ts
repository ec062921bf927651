import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { DirectoryConfig, IsServiceUrl } from '@family/shared';
import { WithStorageConfig } from '@family/shared/storage';
import { WithFacesSwitch } from './faces/faces-config';
import { WithBackupConfig } from './operator/backup-config';
import { WithTrashDays } from './trash-config';

/**
 * Object storage: MinIO when MINIO_ENDPOINT is set, else the folder STORAGE_DIR (default ./data/objects);
 * storageOptionsFromEnv checks how those variables fit together.
 */
export class MediaConfig extends WithBackupConfig(WithFacesSwitch(WithTrashDays(WithStorageConfig(DirectoryConfig)))) {
  /** Album access (which albums a person sees and may edit) comes from the albums service. */
  @IsServiceUrl('albums')
  ALBUMS_URL!: string;

  /** The largest file one upload may bring, in MB, on POST /api/media and /api/uploads alike (10 GB by default). */
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'MAX_UPLOAD_MB must be a whole number of megabytes from 1 to 102400' })
  @Min(1, { message: 'MAX_UPLOAD_MB must be a whole number of megabytes from 1 to 102400' })
  @Max(102400, { message: 'MAX_UPLOAD_MB must be a whole number of megabytes from 1 to 102400' })
  MAX_UPLOAD_MB: number = 10240;

  /** The largest takeout ZIP an import takes, in MB (docs/api.md "Import of an export"). */
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'MAX_IMPORT_MB must be a whole number of megabytes from 1 to 1048576' })
  @Min(1, { message: 'MAX_IMPORT_MB must be a whole number of megabytes from 1 to 1048576' })
  @Max(1048576, { message: 'MAX_IMPORT_MB must be a whole number of megabytes from 1 to 1048576' })
  MAX_IMPORT_MB: number = 10240;
}
