import { IsOptional, IsString } from 'class-validator';

/** The variables `storageOptionsFromEnv` reads: MinIO when MINIO_ENDPOINT is set, else the folder STORAGE_DIR. */
export const STORAGE_VARIABLES = [
  'STORAGE_DIR',
  'MINIO_ENDPOINT',
  'MINIO_PORT',
  'MINIO_USE_SSL',
  'MINIO_ACCESS_KEY',
  'MINIO_SECRET_KEY',
  'MINIO_BUCKET',
] as const;

export type StorageVariable = (typeof STORAGE_VARIABLES)[number];

/** A config that carries the storage variables (all optional). */
export type StorageSettings = Partial<Record<StorageVariable, string>>;

// A mixin's base must be typed with a single `any[]` rest parameter (TS2545).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ConfigConstructor = new (...args: any[]) => object;

/**
 * Adds the object storage variables to a service's config class, e.g.
 * `class MediaConfig extends WithStorageConfig(DirectoryConfig) {}`. They are all optional, so the variables a
 * service requires stay the same; `storageOptionsFromEnv` checks how they fit together when storage is made.
 */
export function WithStorageConfig<TBase extends ConfigConstructor>(Base: TBase) {
  class StorageConfig extends Base implements StorageSettings {
    @IsOptional()
    @IsString()
    STORAGE_DIR?: string;

    @IsOptional()
    @IsString()
    MINIO_ENDPOINT?: string;

    @IsOptional()
    @IsString()
    MINIO_PORT?: string;

    @IsOptional()
    @IsString()
    MINIO_USE_SSL?: string;

    @IsOptional()
    @IsString()
    MINIO_ACCESS_KEY?: string;

    @IsOptional()
    @IsString()
    MINIO_SECRET_KEY?: string;

    @IsOptional()
    @IsString()
    MINIO_BUCKET?: string;
  }
  return StorageConfig;
}

/** Only the storage variables of a config, in the shape `storageOptionsFromEnv` reads. */
export function storageEnv(config: StorageSettings): NodeJS.ProcessEnv {
  return Object.fromEntries(STORAGE_VARIABLES.map((name) => [name, config[name]]));
}
