import { DirectoryConfig, IsServiceUrl } from '@family/shared';
import { WithStorageConfig } from '@family/shared/storage';

/** GEDCOM uploads wait in object storage (MinIO when MINIO_ENDPOINT is set, else STORAGE_DIR) for the worker. */
export class FamilyConfig extends WithStorageConfig(DirectoryConfig) {
  /** A GEDZIP's photos and documents become media items through the media service. */
  @IsServiceUrl('media')
  MEDIA_URL!: string;
}
