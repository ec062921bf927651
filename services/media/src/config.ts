import { IsOptional, IsString, IsUrl } from 'class-validator';
import { DirectoryConfig, URL_OPTIONS } from '@family/shared';

export class MediaConfig extends DirectoryConfig {
  /** Album access (which albums a person sees and may edit) comes from the albums service. */
  @IsUrl(URL_OPTIONS, { message: 'ALBUMS_URL must be the albums service address, e.g. http://127.0.0.1:3004' })
  ALBUMS_URL!: string;

  // Object storage: MinIO when MINIO_ENDPOINT is set, else the folder STORAGE_DIR (default ./data/objects).
  // storageOptionsFromEnv checks how they fit together; here they only have to be text.
  @IsOptional()
  @IsString()
  STORAGE_DIR?: string;

  @IsOptional()
  @IsString()
  MINIO_ENDPOINT?: string;

  @IsOptional()
  @IsString({ message: 'MINIO_PORT must be a port number' })
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
