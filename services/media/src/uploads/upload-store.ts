import { createHash, type Hash } from 'node:crypto';
import * as fs from 'node:fs';
import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { CreateBucketCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import { ERRORS, StreamLimiter } from '@tus/utils';
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

/** Bytes of a PATCH gathered before they are written to the upload's file together. */
const WRITE_BATCH_BYTES = 1024 * 1024;

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

  /** A POST with its first bytes (creation-with-upload), which @tus/server hands over as a stream of its own. */
  override write(readable: Readable, id: string, offset: number): Promise<number> {
    return this.receive(readable, id, offset, Number.MAX_SAFE_INTEGER);
  }

  /**
   * Writes a request's body into the upload's file from `offset`, hashing it as it passes: read from the Node
   * stream as it comes and written about a megabyte at a time (docs/architecture.md "Resumable uploads"). A body
   * cut short (the client gone, or `stop` aborted for a newer request of the same upload) ends the write, keeping
   * every byte that came; more than `limit` bytes is refused with ERR_SIZE_EXCEEDED, the chunk that passed it unwritten.
   * Answers the new offset.
   */
  async receive(body: Readable, id: string, offset: number, limit: number, stop?: AbortSignal): Promise<number> {
    // The id is checked by the service (32 hex digits) before anything reaches the store.
    const out = fs.createWriteStream(path.join(this.folder, id), {
      flags: 'r+',
      start: offset,
      highWaterMark: 4 * WRITE_BATCH_BYTES,
    });
    const known = offset === 0 ? { hash: createHash('sha256'), offset: 0 } : this.hashes.get(id);
    const running = known?.offset === offset ? known : undefined;
    this.hashes.delete(id);
    let received = 0;
    let overLimit = false;
    try {
      await new Promise<void>((resolve, reject) => {
        let batched = 0;
        let ended = false;
        const resume = () => {
          out.cork();
          body.resume();
        };
        const onData = (chunk: Buffer) => {
          if (received + chunk.length > limit) {
            overLimit = true;
            return end();
          }
          received += chunk.length;
          running?.hash.update(chunk);
          const more = out.write(chunk);
          // Held back (corked) until a megabyte has come, then written at once: fewer calls to the thread pool.
          batched += chunk.length;
          if (!more || batched >= WRITE_BATCH_BYTES) {
            batched = 0;
            out.uncork();
            if (more) out.cork();
          }
          if (!more) {
            // The disk is behind: everything held goes out, and the body waits until it has (then corks again).
            body.pause();
            out.once('drain', resume);
          }
        };
        const end = () => {
          if (ended) return;
          ended = true;
          body.off('data', onData);
          body.off('end', end);
          body.off('error', end);
          body.off('close', end);
          stop?.removeEventListener('abort', end);
          out.off('drain', resume);
          out.end();
        };
        out.once('finish', resolve);
        out.once('error', (error) => {
          end();
          reject(error);
        });
        out.cork();
        body.on('data', onData);
        body.once('end', end);
        body.once('error', end);
        body.once('close', end);
        if (stop?.aborted) end();
        else stop?.addEventListener('abort', end, { once: true });
      });
    } catch (error) {
      if (isStorageFull(error)) throw new UploadStoreFullError(error);
      throw ERRORS.FILE_WRITE_ERROR;
    }
    if (running) this.hashes.set(id, { hash: running.hash, offset: offset + received });
    if (overLimit) throw ERRORS.ERR_SIZE_EXCEEDED;
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
  /**
   * A PATCH's body into the upload from `offset`, at most `limit` bytes (more: ERR_SIZE_EXCEEDED); a body cut short,
   * or stopped by `stop`, keeps what came. Answers the new offset.
   */
  receive(body: Readable, id: string, offset: number, limit: number, stop?: AbortSignal): Promise<number>;
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
    receive: (body, id, offset, limit, stop) => store.receive(body, id, offset, limit, stop),
  };
}

function bucketStore(minio: MinioConnectionOptions): UploadStore {
  const bucket = uploadsBucket(minio.bucket);
  let store: BucketUploadStore;
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
    store: (store = new BucketUploadStore({ s3ClientConfig: { ...s3ClientConfig, bucket }, useTags: false })),
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
    receive: async (body, id, offset, limit, stop) => {
      try {
        // The kept body never fails; the limiter's error reaches the store's write, which rejects with it.
        return await store.write(untilCut(body, stop).pipe(new StreamLimiter(limit)), id, offset);
      } catch (error) {
        // The limiter's own error (413, not exported) as the folder store says it.
        if ((error as { status_code?: unknown }).status_code === 413) throw ERRORS.ERR_SIZE_EXCEEDED;
        throw error;
      }
    },
  };
}

/** The body as a stream that ends, rather than fails, when the client goes or `stop` aborts: what came is kept. */
function untilCut(body: Readable, stop?: AbortSignal): Readable {
  const kept = new PassThrough();
  const end = () => {
    body.unpipe(kept);
    if (!kept.writableEnded && !kept.destroyed) kept.end();
  };
  body.once('error', end);
  body.once('close', end);
  stop?.addEventListener('abort', end, { once: true });
  return body.pipe(kept);
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
