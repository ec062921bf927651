import type { Readable } from 'node:stream';

/** What storage knows about one object. */
export interface StoredObject {
  size: number;
  /** Changes whenever the object changes; plain (no quotes), ready to be quoted into an HTTP ETag. */
  etag: string;
  /** Only drivers that keep it (MinIO) fill it in; services keep the real kind of a file in their own records. */
  contentType?: string;
}

/** Inclusive byte range, like HTTP `Range: bytes=start-end`. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where media files, thumbnails and profile pictures live. Two drivers: MinIO (S3 API) and a local folder.
 * Keys are made by services (e.g. `media/2026/11/<uuid>`), never from user file names; see assertValidKey.
 */
export interface ObjectStorage {
  /** MinIO: create the bucket when missing; local: create the folder. Safe to call any number of times. */
  ensureReady(): Promise<void>;
  /**
   * Streams `body` into the object `key`, replacing any object already there. Never buffers the whole body.
   * When `body` fails, the put rejects with that error. Whenever the put rejects, `body` has been destroyed
   * and the key keeps what it had before (nothing, or the previous object): a half-written object is never
   * visible.
   */
  put(key: string, body: Readable, opts?: { contentType?: string }): Promise<{ size: number }>;
  /**
   * Makes the finished file at `file` the object `key` without copying its bytes, where the storage can (a local
   * folder on the same file system: a hard link, after the file is flushed to disk); the file stays where it is
   * too, and must not change afterwards. Answers null when it cannot (another file system, or not a folder):
   * then `put` is the way. Like `put`, a failure leaves the key as it was.
   */
  linkFile?(key: string, file: string): Promise<{ size: number } | null>;
  /**
   * Reads the object, or the inclusive byte range of it. An `end` past the last byte is clamped to it.
   * Rejects with ObjectNotFoundError when missing and InvalidRangeError when the range is unusable
   * (negative, end before start, or start at or past the object's size).
   */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** Size and etag of the object, or null when there is none. */
  stat(key: string): Promise<StoredObject | null>;
  /**
   * Every object whose key starts with `prefix` (a folder-like prefix ending in `/`), with its size, as they are
   * found: never the whole list in memory (the integrity check walks 100,000 files; docs/architecture.md
   * "Integrity").
   */
  list(prefix: string): AsyncIterable<{ key: string; size: number }>;
  /** Removes the object; removing a missing object is fine. */
  delete(key: string): Promise<void>;
  /** Rejects when storage can't be used (for readiness checks). */
  ping(): Promise<void>;
}

export class ObjectNotFoundError extends Error {
  override readonly name = 'ObjectNotFoundError';

  constructor(readonly key: string) {
    super(`Object "${key}" was not found in storage.`);
  }
}

export class InvalidObjectKeyError extends Error {
  override readonly name = 'InvalidObjectKeyError';

  constructor(
    readonly key: unknown,
    reason: string,
  ) {
    super(`Invalid object key ${describeKey(key)}: ${reason}.`);
  }
}

export class InvalidRangeError extends RangeError {
  override readonly name = 'InvalidRangeError';

  constructor(
    readonly range: ByteRange,
    reason: string,
  ) {
    super(`Invalid byte range ${range.start}-${range.end}: ${reason}.`);
  }
}

export const MAX_KEY_LENGTH = 512;
/** Each segment becomes a file or folder name in the local driver, and file systems stop at 255 bytes. */
export const MAX_KEY_SEGMENT_LENGTH = 255;
const KEY_PATTERN = /^[a-z0-9][a-z0-9/._-]*$/i;

/**
 * Throws InvalidObjectKeyError unless `key` is a safe object key: letters, digits, `/`, `.`, `_` and `-`,
 * starting with a letter or digit, at most 512 characters, and segments (the parts between `/`) of at
 * most 255 characters that are neither empty nor `.` nor `..`. So `a//b`, `a/./b` and a trailing `/` are
 * refused: the local folder could not tell them from `a/b`, while S3 would store them as other objects.
 */
export function assertValidKey(key: unknown): asserts key is string {
  if (typeof key !== 'string' || key.length === 0) {
    throw new InvalidObjectKeyError(key, 'it must be a non-empty string');
  }
  if (key.length > MAX_KEY_LENGTH) {
    throw new InvalidObjectKeyError(key, `it is longer than ${MAX_KEY_LENGTH} characters`);
  }
  if (!KEY_PATTERN.test(key)) {
    throw new InvalidObjectKeyError(
      key,
      'it may only contain letters, digits, "/", ".", "_" and "-", and must start with a letter or digit',
    );
  }
  for (const segment of key.split('/')) {
    if (segment === '' || segment === '.' || segment === '..') {
      throw new InvalidObjectKeyError(key, 'it has an empty, "." or ".." path segment');
    }
    if (segment.length > MAX_KEY_SEGMENT_LENGTH) {
      throw new InvalidObjectKeyError(key, `a part between "/" is longer than ${MAX_KEY_SEGMENT_LENGTH} characters`);
    }
  }
}

/** Throws InvalidRangeError unless start and end are whole numbers with 0 <= start <= end. */
export function assertValidRange(range: ByteRange): void {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end)) {
    throw new InvalidRangeError(range, 'start and end must be whole numbers');
  }
  if (start < 0) {
    throw new InvalidRangeError(range, 'start must not be negative');
  }
  if (end < start) {
    throw new InvalidRangeError(range, 'end must not be before start');
  }
}

/** A chunk of a body as bytes; bodies may carry Buffers, Uint8Arrays or strings (UTF-8), nothing else. */
export function chunkToBuffer(chunk: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (typeof chunk === 'string') return Buffer.from(chunk);
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  throw new TypeError('Object storage bodies must be streams of bytes (Buffer, Uint8Array or string chunks).');
}

function describeKey(key: unknown): string {
  if (typeof key !== 'string') return `(${typeof key})`;
  const shown = key.length > 80 ? `${key.slice(0, 80)}…` : key;
  return JSON.stringify(shown);
}

/** The `code` a Node or S3 error carries (ENOENT, NoSuchKey, ...), if any. */
export function errorCode(err: unknown): string | undefined {
  if (typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string') {
    return err.code;
  }
  return undefined;
}

/** Codes of a write refused for want of space: a full disk or quota (Node), a full MinIO. */
const STORAGE_FULL_CODES = new Set(['ENOSPC', 'EDQUOT', 'XMinioStorageFull']);

/** Whether a storage error (or its cause) says the disk is full: 507 rather than "unavailable". */
export function isStorageFull(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    const code = errorCode(e) ?? (e as { Code?: unknown }).Code;
    if (typeof code === 'string' && STORAGE_FULL_CODES.has(code)) return true;
  }
  return false;
}
