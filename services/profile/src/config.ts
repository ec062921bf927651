import { ServiceConfig } from '@family/shared';
import { WithStorageConfig } from '@family/shared/storage';

/** Where profile pictures are kept: MinIO when MINIO_ENDPOINT is set, else the folder STORAGE_DIR. */
export class ProfileConfig extends WithStorageConfig(ServiceConfig) {}

/** The folder `npm start` and a bare start use when neither STORAGE_DIR nor MinIO is configured. */
export const DEFAULT_STORAGE_DIR = './data/objects';
