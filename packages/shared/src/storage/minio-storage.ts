import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { Client, type ItemBucketMetadata } from 'minio';
import {
  assertValidKey,
  assertValidRange,
  type ByteRange,
  chunkToBuffer,
  errorCode,
  InvalidRangeError,
  ObjectNotFoundError,
  type ObjectStorage,
  type StoredObject,
} from './object-storage';

export interface MinioStorageOptions {
  endPoint: string;
  port: number;
  useSSL: boolean;
  accessKey: string;
  secretKey: string;
  bucket: string;
  /**
   * Size of the parts of a multipart upload, and the most of a body that is held in memory at once
   * (plus the part being sent). At least 5 MiB (the S3 minimum). Default 8 MiB.
   */
  partSize?: number;
}

export const DEFAULT_PART_SIZE = 8 * 1024 * 1024;
const MIN_PART_SIZE = 5 * 1024 * 1024;

/** Per put(): the multipart uploads minio starts for it, so a failed put can abort them. */
interface UploadContext {
  uploadIds: string[];
}

/**
 * Objects in one bucket of MinIO (or any S3 API) through the `minio` client.
 *
 * put() reads the body up to one part: a body that ends within it is sent in one PUT with its size
 * (also the only way an empty object can be stored: a multipart upload needs at least one part).
 * A longer body goes to putObject without a size, which makes minio upload parts of `partSize` as they
 * fill (given a size, minio 8 reads the whole stream into memory first).
 */
export class MinioStorage implements ObjectStorage {
  readonly bucket: string;
  private readonly client: Client;
  private readonly partSize: number;
  private readonly uploads = new AsyncLocalStorage<UploadContext>();

  constructor(options: MinioStorageOptions) {
    this.bucket = options.bucket;
    this.partSize = options.partSize ?? DEFAULT_PART_SIZE;
    if (!Number.isSafeInteger(this.partSize) || this.partSize < MIN_PART_SIZE) {
      throw new Error(`MinIO part size must be a whole number of bytes, at least ${MIN_PART_SIZE}.`);
    }
    this.client = new Client({
      endPoint: options.endPoint,
      port: options.port,
      useSSL: options.useSSL,
      accessKey: options.accessKey,
      secretKey: options.secretKey,
      partSize: this.partSize,
    });
    // Before each multipart upload minio lists unfinished uploads of the key to resume one. We never
    // resume (a put is one stream), and s3rver, used in tests, has no ListMultipartUploads.
    this.client.findUploadId = async () => undefined;
    // Remember the upload id minio gets for a put(), so a put that fails can abort the upload instead
    // of leaving its parts on the server until MinIO's stale-upload cleanup.
    const initiate = this.client.initiateNewMultipartUpload.bind(this.client);
    this.client.initiateNewMultipartUpload = async (bucketName, objectName, headers) => {
      const uploadId = await initiate(bucketName, objectName, headers);
      this.uploads.getStore()?.uploadIds.push(uploadId);
      return uploadId;
    };
  }

  async ensureReady(): Promise<void> {
    if (await this.client.bucketExists(this.bucket)) return;
    try {
      await this.client.makeBucket(this.bucket);
    } catch (err) {
      // Another service may have made it a moment ago.
      const code = errorCode(err);
      if (code !== 'BucketAlreadyOwnedByYou' && code !== 'BucketAlreadyExists') throw err;
      if (!(await this.client.bucketExists(this.bucket))) throw err;
    }
  }

  async put(key: string, body: Readable, opts: { contentType?: string } = {}): Promise<{ size: number }> {
    const metaData: ItemBucketMetadata = opts.contentType ? { 'Content-Type': opts.contentType } : {};
    const head: Buffer[] = [];
    let headSize = 0;
    let source: AsyncIterator<unknown>;
    try {
      assertValidKey(key);
      // Pulled by hand (no for-await/break, which would destroy the body when we stop after the head).
      source = body[Symbol.asyncIterator]() as AsyncIterator<unknown>;
      while (headSize < this.partSize) {
        const next = await source.next();
        if (next.done) {
          await this.client.putObject(this.bucket, key, Buffer.concat(head, headSize), headSize, metaData);
          return { size: headSize };
        }
        const chunk = chunkToBuffer(next.value);
        head.push(chunk);
        headSize += chunk.length;
      }
    } catch (err) {
      body.destroy();
      throw err;
    }
    return this.putMultipart(key, body, source, head, headSize, metaData);
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    assertValidKey(key);
    if (range) assertValidRange(range);
    try {
      if (!range) return await this.client.getObject(this.bucket, key);
      const length = range.end - range.start + 1;
      const stream = await this.client.getPartialObject(this.bucket, key, range.start, length);
      return atMost(stream, length);
    } catch (err) {
      if (isNotFound(err)) throw new ObjectNotFoundError(key);
      if (range && errorCode(err) === 'InvalidRange') {
        throw new InvalidRangeError(range, 'it starts at or past the end of the object');
      }
      throw err;
    }
  }

  async stat(key: string): Promise<StoredObject | null> {
    assertValidKey(key);
    try {
      const info = await this.client.statObject(this.bucket, key);
      const contentType: unknown = info.metaData['content-type'];
      return {
        size: info.size,
        etag: info.etag,
        ...(typeof contentType === 'string' && contentType !== '' ? { contentType } : {}),
      };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  /** The bucket's listing, a page (1,000 keys) at a time as minio's stream fetches them. */
  async *list(prefix: string): AsyncIterable<{ key: string; size: number }> {
    const stream = this.client.listObjectsV2(this.bucket, prefix, true);
    for await (const item of stream as AsyncIterable<{ name?: string; size?: number }>) {
      if (item.name) yield { key: item.name, size: item.size ?? 0 };
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    try {
      await this.client.removeObject(this.bucket, key);
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  }

  async ping(): Promise<void> {
    if (!(await this.client.bucketExists(this.bucket))) {
      throw new Error(`MinIO bucket "${this.bucket}" does not exist.`);
    }
  }

  /**
   * minio pipes the body into its part splitter but never listens for the body's errors: a body that
   * fails half way would leave putObject pending forever. So the body goes through `feed`, whose failure
   * we watch; on failure we destroy the splitter (which makes putObject reject) and abort the upload.
   */
  private async putMultipart(
    key: string,
    body: Readable,
    source: AsyncIterator<unknown>,
    head: Buffer[],
    headSize: number,
    metaData: ItemBucketMetadata,
  ): Promise<{ size: number }> {
    let size = headSize;
    async function* chunks(): AsyncGenerator<Buffer> {
      for (let chunk = head.shift(); chunk; chunk = head.shift()) yield chunk;
      for (;;) {
        const next = await source.next();
        if (next.done) return;
        const chunk = chunkToBuffer(next.value);
        size += chunk.length;
        yield chunk;
      }
    }
    const feed = Readable.from(chunks(), { objectMode: false });

    let failure: Error | undefined;
    let splitter: NodeJS.WritableStream | undefined;
    const destroySplitter = (): void => {
      if (failure && splitter && 'destroy' in splitter && typeof splitter.destroy === 'function') {
        splitter.destroy(failure);
      }
    };
    const pipe = feed.pipe.bind(feed);
    feed.pipe = <T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T => {
      splitter = destination;
      const piped = pipe(destination, options);
      destroySplitter(); // the body may have failed before minio got this far
      return piped;
    };
    const failed = new Promise<never>((_resolve, reject) => {
      feed.on('error', (err) => {
        failure ??= err;
        destroySplitter();
        reject(err);
      });
    });
    failed.catch(() => undefined);

    const context: UploadContext = { uploadIds: [] };
    const upload = this.uploads.run(context, () => this.client.putObject(this.bucket, key, feed, undefined, metaData));
    try {
      await Promise.race([upload, failed]);
      return { size };
    } catch (err) {
      failure ??= err instanceof Error ? err : new Error(String(err));
      destroySplitter();
      feed.destroy();
      body.destroy();
      // Settles promptly now: the splitter is destroyed, or the upload failed by itself.
      await upload.catch(() => undefined);
      for (const uploadId of context.uploadIds) {
        // Best effort (s3rver doesn't implement it); MinIO also expires unfinished uploads by itself.
        await this.client.abortMultipartUpload(this.bucket, key, uploadId).catch(() => undefined);
      }
      throw failure;
    }
  }
}

/**
 * Never more than was asked for: s3rver answers `bytes=0-0` with the whole object (it reads an end of 0 as
 * "no end"). A server that sends the right length (MinIO, S3) gets its stream back untouched.
 */
function atMost(stream: Readable, length: number): Readable {
  const sent = Number((stream as Partial<IncomingMessage>).headers?.['content-length']);
  if (!(sent > length)) return stream;
  async function* firstBytes(): AsyncGenerator<Buffer> {
    let remaining = length;
    for await (const chunk of stream) {
      const part = chunkToBuffer(chunk).subarray(0, remaining);
      remaining -= part.length;
      yield part;
      if (remaining === 0) return; // leaving the loop destroys the response
    }
  }
  return Readable.from(firstBytes(), { objectMode: false });
}

/** statObject (HEAD, no body to read a code from) fails with `NotFound`; GET and DELETE with `NoSuchKey`. */
function isNotFound(err: unknown): boolean {
  const code = errorCode(err);
  return code === 'NotFound' || code === 'NoSuchKey';
}
