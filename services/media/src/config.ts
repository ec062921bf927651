import { IsUrl } from 'class-validator';
import { DirectoryConfig, URL_OPTIONS } from '@family/shared';
import { WithStorageConfig } from '@family/shared/storage';

/**
 * Object storage: MinIO when MINIO_ENDPOINT is set, else the folder STORAGE_DIR (default ./data/objects);
 * storageOptionsFromEnv checks how those variables fit together.
 */
export class MediaConfig extends WithStorageConfig(DirectoryConfig) {
  /** Album access (which albums a person sees and may edit) comes from the albums service. */
  @IsUrl(URL_OPTIONS, { message: 'ALBUMS_URL must be the albums service address, e.g. http://127.0.0.1:3004' })
  ALBUMS_URL!: string;
}
