import { DirectoryConfig, IsServiceUrl } from '@family/shared';
import { WithStorageConfig } from '@family/shared/storage';

/** GEDCOM uploads wait in object storage (MinIO when MINIO_ENDPOINT is set, else STORAGE_DIR) for the worker. */
export class FamilyConfig extends WithStorageConfig(DirectoryConfig) {
  /** Create New in the family tree makes the account (and its profile) through the auth service. */
  @IsServiceUrl('auth')
  AUTH_URL!: string;

  /** A GEDZIP's photos and documents become media items through the media service. */
  @IsServiceUrl('media')
  MEDIA_URL!: string;
}
