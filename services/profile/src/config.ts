import { ServiceConfig, IsServiceUrl } from '@family/shared';
import { WithStorageConfig } from '@family/shared/storage';

/** Where profile pictures are kept: MinIO when MINIO_ENDPOINT is set, else the folder STORAGE_DIR. */
export class ProfileConfig extends WithStorageConfig(ServiceConfig) {
  /** People without accounts get their ids from auth (one id space for everyone). */
  @IsServiceUrl('auth')
  AUTH_URL!: string;
}
