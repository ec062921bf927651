import { IsUrl } from 'class-validator';
import { DirectoryConfig, URL_OPTIONS } from '@family/shared';
import { WithStorageConfig } from '@family/shared/storage';

/** GEDCOM uploads wait in object storage (MinIO when MINIO_ENDPOINT is set, else STORAGE_DIR) for the worker. */
export class FamilyConfig extends WithStorageConfig(DirectoryConfig) {
  /** Create New in the family tree makes the account (and its profile) through the auth service. */
  @IsUrl(URL_OPTIONS, { message: 'AUTH_URL must be the auth service address, e.g. http://127.0.0.1:3001' })
  AUTH_URL!: string;

  /** A GEDZIP's photos and documents become media items through the media service. */
  @IsUrl(URL_OPTIONS, { message: 'MEDIA_URL must be the media service address, e.g. http://127.0.0.1:3003' })
  MEDIA_URL!: string;
}
