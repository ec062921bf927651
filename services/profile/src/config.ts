import { IsOptional, IsString } from 'class-validator';
import { ServiceConfig } from '@family/shared';

/** Where profile pictures are kept: MinIO when MINIO_ENDPOINT is set, else the folder STORAGE_DIR. */
export class ProfileConfig extends ServiceConfig {
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

/** The folder `npm start` and a bare start use when neither STORAGE_DIR nor MinIO is configured. */
export const DEFAULT_STORAGE_DIR = './data/objects';

/** The storage variables of the config, in the shape storageOptionsFromEnv reads. */
export function storageEnv(config: ProfileConfig): NodeJS.ProcessEnv {
  return {
    STORAGE_DIR: config.STORAGE_DIR,
    MINIO_ENDPOINT: config.MINIO_ENDPOINT,
    MINIO_PORT: config.MINIO_PORT,
    MINIO_USE_SSL: config.MINIO_USE_SSL,
    MINIO_ACCESS_KEY: config.MINIO_ACCESS_KEY,
    MINIO_SECRET_KEY: config.MINIO_SECRET_KEY,
    MINIO_BUCKET: config.MINIO_BUCKET,
  };
}
