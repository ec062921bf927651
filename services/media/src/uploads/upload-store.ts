import { createHash, type Hash } from 'node:crypto';
import * as fs from 'node:fs';
import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform, type Readable } from 'node:stream';
import { CreateBucketCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import { ERRORS } from '@tus/utils';
import {
  DEFAULT_STORAGE_DIR,
  isStorageFull,
  type MinioConnectionOptions,
  type StorageSettings,
  storageEnv,
  storageOptionsFromEnv,
} from '@family/shared/storage';

/** The folder of unfinished uploads inside STORAGE_DIR: never an object key (keys start with a letter or digit). */
export const UPLOADS_FOLDER = '.uploads';

/** Thrown by the upload store when a write finds the disk full; answered 507 and the upload removed. */
export class UploadStoreFullError extends Error {
  constructor(cause: unknown) {
    super('The upload store is full', { cause });
  }
}

/**
 * The tus FileStore, but a failed write says why: the library's own turns every write error into "something went
 * wrong", and a full disk must be told apart (507) from a failure worth retrying.
 */
class FolderUploadStore extends FileStore {
  /**
   * The sha256 of each upload's bytes as this process wrote them, from the first byte on and in order: a finished
   * upload then need not be read again to be hashed. Lost (and the file read instead) when the process restarted
   * or a write failed.
   */
  private readonly hashes = new Map<string, { hash: Hash; offset: number }>();

  constructor(private readonly folder: string) {
    super({ directory: folder });
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    // The id is checked by the service (32 hex digits) before anything reaches the store.
    const out = fs.createWriteStream(path.join(this.folder, id), { flags: 'r+', start: offset });
    const known = offset === 0 ? { hash: createHash('sha256'), offset: 0 } : this.hashes.get(id);
    const running = known?.offset === offset ? known : undefined;
    this.hashes.delete(id);
    let received = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        received += chunk.length;
        running?.hash.update(chunk);
        callback(null, chunk);
      },
    });
    try {
      await pipeline(readable, counter, out);
    } catch (error) {
      if (isStorageFull(error)) throw new UploadStoreFullError(error);
      throw ERRORS.FILE_WRITE_ERROR;
    }
    if (running) this.hashes.set(id, { hash: running.hash, offset: offset + received });
    return offset + received;
  }

  /** The hex sha256 of all `size` bytes of the upload when this process hashed them as they came; else null. */
  takeSha256(id: string, size: number): string | null {
    const running = this.hashes.get(id);
    this.hashes.delete(id);
    return running?.offset === size ? running.hash.digest('hex') : null;
  }

  override async remove(id: string): Promise<void> {
    this.hashes.delete(id);
    await super.remove(id);
  }
}

/**
 * The bucket of unfinished uploads: beside the archive's own (MINIO_BUCKET), so a backup of the archive's bucket
 * never carries half-sent files.
 */
export function uploadsBucket(bucket: string): string {
  return `${bucket.slice(0, 63 - '-uploads'.length)}-uploads`;
}

class BucketUploadStore extends S3Store {
  /**
   * The library's remove stops when the multipart upload is gone already (completed, or aborted), leaving the
   * finished object, the `.info` and a trailing `.part` in the bucket: whatever happens to the multipart upload,
   * every object of the upload goes.
   */
  override async remove(id: string): Promise<void> {
    try {
      await super.remove(id);
    } catch (error) {
      if (error !== ERRORS.FILE_NOT_FOUND) throw error;
    }
    await this.client.deleteObjects({
      Bucket: this.bucket,
      Delete: { Objects: [{ Key: id }, { Key: `${id}.info` }, { Key: `${id}.part` }] },
    });
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    try {
      return await super.write(readable, id, offset);
    } catch (error) {
      if (isStorageFull(error)) throw new UploadStoreFullError(error);
      throw error;
    }
  }
}

export interface UploadStore {
  store: FileStore | S3Store;
  /** Makes the folder or bucket when missing. */
  ensureReady(): Promise<void>;
  /** Where the bytes of a folder store's upload are (finishing, and tests of the full disk); null for MinIO. */
  filePath(id: string): string | null;
  /** The sha256 of a finished upload's `size` bytes when they were hashed as they came (then only once); else null. */
  takeSha256(id: string, size: number): string | null;
}

/**
 * Where unfinished resumable uploads live, chosen as object storage is (docs/architecture.md "Resumable uploads"):
 * with MinIO a bucket of its own through @tus/s3-store, else the folder `<STORAGE_DIR>/.uploads` through
 * @tus/file-store. Expiry is the media worker's job (UploadExpiry), not the stores' own.
 */
export function createUploadStore(config: StorageSettings): UploadStore {
  const options = storageOptionsFromEnv(storageEnv(config), DEFAULT_STORAGE_DIR);
  if (options.minio) return bucketStore(options.minio);
  const directory = path.resolve(options.localRoot, UPLOADS_FOLDER);
  const store = new FolderUploadStore(directory);
  return {
    store,
    ensureReady: async () => {
      await fsp.mkdir(directory, { recursive: true });
    },
    filePath: (id) => path.join(directory, id),
    takeSha256: (id, size) => store.takeSha256(id, size),
  };
}

function bucketStore(minio: MinioConnectionOptions): UploadStore {
  const bucket = uploadsBucket(minio.bucket);
  const s3ClientConfig = {
    endpoint: `${minio.useSSL ? 'https' : 'http'}://${minio.endPoint}:${minio.port}`,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: minio.accessKey, secretAccessKey: minio.secretKey },
    // Checksums only where S3 requires them: MinIO and the other S3-compatible stores do not all take the SDK's
    // newer defaults (aws-chunked bodies with trailing CRCs).
    requestChecksumCalculation: 'WHEN_REQUIRED' as const,
    responseChecksumValidation: 'WHEN_REQUIRED' as const,
  };
  return {
    // No expiry tags: the worker's job removes what is left unfinished, the same way for both stores.
    store: new BucketUploadStore({ s3ClientConfig: { ...s3ClientConfig, bucket }, useTags: false }),
    ensureReady: async () => {
      const client = new S3Client(s3ClientConfig);
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket })).catch(async () => {
          await client.send(new CreateBucketCommand({ Bucket: bucket }));
        });
      } finally {
        client.destroy();
      }
    },
    filePath: () => null,
    takeSha256: () => null,
  };
}

/** Removes an upload's bytes from its store; an upload gone already is fine. */
export async function removeUploadBytes(store: UploadStore, id: string): Promise<void> {
  try {
    await store.store.remove(id);
  } catch (error) {
    if (error === ERRORS.FILE_NOT_FOUND || error === ERRORS.FILE_NO_LONGER_EXISTS) return;
    throw error;
  }
}
