export {
  assertValidKey,
  assertValidRange,
  type ByteRange,
  InvalidObjectKeyError,
  InvalidRangeError,
  isStorageFull,
  MAX_KEY_LENGTH,
  MAX_KEY_SEGMENT_LENGTH,
  ObjectNotFoundError,
  type ObjectStorage,
  type StoredObject,
} from './object-storage';
export { LocalFolderStorage, TEMP_FOLDER } from './local-folder-storage';
export { DEFAULT_PART_SIZE, MinioStorage, type MinioStorageOptions } from './minio-storage';
export {
  createStorage,
  DEFAULT_MINIO_BUCKET,
  DEFAULT_MINIO_PORT,
  type MinioConnectionOptions,
  type StorageOptions,
  storageOptionsFromEnv,
} from './create-storage';
export {
  STORAGE_VARIABLES,
  type StorageSettings,
  type StorageVariable,
  storageEnv,
  WithStorageConfig,
} from './storage-config';
export { DEFAULT_STORAGE_DIR, ObjectStorageModule, type ObjectStorageModuleOptions } from './storage.module';
