import { IsUrl } from 'class-validator';
import { ServiceConfig, URL_OPTIONS } from '@family/shared';
import { WithStorageConfig } from '@family/shared/storage';

/** Where profile pictures are kept: MinIO when MINIO_ENDPOINT is set, else the folder STORAGE_DIR. */
export class ProfileConfig extends WithStorageConfig(ServiceConfig) {
  /** People without accounts get their ids from auth (one id space for everyone). */
  @IsUrl(URL_OPTIONS, { message: 'AUTH_URL must be the auth service address, e.g. http://127.0.0.1:3001' })
  AUTH_URL!: string;

  /** Deleting a person asks media whether they are still tagged. */
  @IsUrl(URL_OPTIONS, { message: 'MEDIA_URL must be the media service address, e.g. http://127.0.0.1:3003' })
  MEDIA_URL!: string;

  @IsUrl(URL_OPTIONS, { message: 'ALBUMS_URL must be the albums service address, e.g. http://127.0.0.1:3004' })
  ALBUMS_URL!: string;

  /** Deleting a person removes their family ties. */
  @IsUrl(URL_OPTIONS, { message: 'FAMILY_URL must be the family service address, e.g. http://127.0.0.1:3005' })
  FAMILY_URL!: string;
}
