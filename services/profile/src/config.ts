import { ServiceConfig } from '@family/shared';
import { WithStorageConfig } from '@family/shared/storage';

/** Where profile pictures are kept: MinIO when MINIO_ENDPOINT is set, else the folder STORAGE_DIR. */
export class ProfileConfig extends WithStorageConfig(ServiceConfig) {}
