import { LocalFolderStorage } from './local-folder-storage';
import { MinioStorage } from './minio-storage';
import type { ObjectStorage } from './object-storage';

export interface MinioConnectionOptions {
  /** Host name or IP only (no scheme, no port). */
  endPoint: string;
  port: number;
  useSSL: boolean;
  accessKey: string;
  secretKey: string;
  bucket: string;
}

export interface StorageOptions {
  /** When given, objects go to MinIO; otherwise to `localRoot`. */
  minio?: MinioConnectionOptions;
  localRoot: string;
}

export const DEFAULT_MINIO_PORT = 9000;
export const DEFAULT_MINIO_BUCKET = 'family-archive';

export function createStorage(options: StorageOptions): ObjectStorage {
  if (options.minio) return new MinioStorage(options.minio);
  return new LocalFolderStorage(options.localRoot);
}

/**
 * Reads the storage settings: MinIO when MINIO_ENDPOINT is set (then MINIO_ACCESS_KEY and MINIO_SECRET_KEY
 * are required; MINIO_PORT defaults to 9000, MINIO_USE_SSL to false, MINIO_BUCKET to family-archive),
 * else the folder STORAGE_DIR (default `defaultLocalRoot`). Throws an Error naming the variable at fault.
 */
export function storageOptionsFromEnv(env: NodeJS.ProcessEnv, defaultLocalRoot: string): StorageOptions {
  const localRoot = setting(env, 'STORAGE_DIR') ?? defaultLocalRoot;
  const endPoint = setting(env, 'MINIO_ENDPOINT');
  if (endPoint === undefined) return { localRoot };

  if (/[/:]/.test(endPoint)) {
    throw new Error(
      `MINIO_ENDPOINT must be a host name or IP address only (like "minio" or "127.0.0.1"), got "${endPoint}": ` +
        'put the port in MINIO_PORT and use MINIO_USE_SSL=true for https.',
    );
  }
  const accessKey = setting(env, 'MINIO_ACCESS_KEY');
  if (accessKey === undefined) {
    throw new Error('MINIO_ACCESS_KEY is required when MINIO_ENDPOINT is set.');
  }
  const secretKey = setting(env, 'MINIO_SECRET_KEY');
  if (secretKey === undefined) {
    throw new Error('MINIO_SECRET_KEY is required when MINIO_ENDPOINT is set.');
  }

  const portText = setting(env, 'MINIO_PORT');
  const port = portText === undefined ? DEFAULT_MINIO_PORT : Number(portText);
  if (!/^\d+$/.test(portText ?? '9000') || !Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`MINIO_PORT must be a port number from 1 to 65535, got "${portText}".`);
  }

  const sslText = setting(env, 'MINIO_USE_SSL') ?? 'false';
  if (sslText !== 'true' && sslText !== 'false') {
    throw new Error(`MINIO_USE_SSL must be "true" or "false", got "${sslText}".`);
  }

  const bucket = setting(env, 'MINIO_BUCKET') ?? DEFAULT_MINIO_BUCKET;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket) || bucket.includes('..')) {
    throw new Error(
      `MINIO_BUCKET must be a valid bucket name (3 to 63 lowercase letters, digits, "." and "-"), got "${bucket}".`,
    );
  }

  return {
    localRoot,
    minio: { endPoint, port, useSSL: sslText === 'true', accessKey, secretKey, bucket },
  };
}

/** A variable's value, trimmed; unset when missing or blank (as `KEY=` in an .env file leaves it). */
function setting(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}
