import fs from 'node:fs';
import { type Readable, Writable, pipeline } from 'node:stream';
import { pipeline as pipelineAsync } from 'node:stream/promises';
import { HttpException, Logger, PayloadTooLargeException, ServiceUnavailableException } from '@nestjs/common';
import { DISK_FULL_MESSAGE } from '@family/contract';
import { isStorageFull, type ObjectStorage } from '../storage/object-storage';
import { UploadGate, type UploadGateOptions } from './upload-gate';

export const STORAGE_UNAVAILABLE = 'The file could not be stored right now. Please try again shortly.';

/** An uploaded file now in storage under `key`, with what was learned while it streamed through. */
export interface StoredUpload<T> {
  key: string;
  size: number;
  sha256: string;
  /** The file's first bytes, as the gate's `inspect` saw them. */
  head: Buffer;
  /** What the gate's `inspect` answered. */
  inspected: T;
}

/**
 * Streams a file through an UploadGate (size cap, inspection of its first bytes, sha256) into storage under
 * `key`. Rejects with the gate's or the source's HttpException as it is, with 507 when the disk (or MinIO) is full,
 * and with 503 when storage fails otherwise; either way nothing is left under the key (ObjectStorage.put promises
 * that).
 */
export async function storeUpload<T>(
  storage: ObjectStorage,
  key: string,
  source: Readable,
  gate: Omit<UploadGateOptions<T>, 'sha256'>,
): Promise<StoredUpload<T>> {
  const meter = new UploadGate<T>({ ...gate, sha256: true });
  // A failing source or gate destroys the other; the put then rejects with the error.
  pipeline(source, meter, () => undefined);
  try {
    const { size } = await storage.put(key, meter);
    return { key, size, sha256: meter.sha256(), head: meter.head, inspected: meter.inspected as T };
  } catch (error) {
    if (error instanceof HttpException) throw error;
    if (isStorageFull(error)) throw new HttpException(DISK_FULL_MESSAGE, 507);
    new Logger('Upload').error(`Storing an upload failed: ${(error as Error)?.stack ?? String(error)}`);
    throw new ServiceUnavailableException(STORAGE_UNAVAILABLE);
  }
}

/**
 * A finished file on disk (a resumable upload's) into storage under `key`: read once through the same gate as
 * storeUpload (size cap, inspection, sha256), then linked into place where the storage can (ObjectStorage.linkFile:
 * the bytes are not written a second time), else streamed in with `put`. `knownSha256`, the file's sha256 when it
 * was hashed as it arrived, spares reading more than its head. The file is left where it is. Rejects as
 * storeUpload does.
 */
export async function storeUploadFromFile<T>(
  storage: ObjectStorage,
  key: string,
  file: string,
  gate: Omit<UploadGateOptions<T>, 'sha256'>,
  knownSha256: string | null = null,
): Promise<StoredUpload<T>> {
  if (!storage.linkFile) return storeUpload(storage, key, fs.createReadStream(file), gate);
  // With its sha256 known (hashed as it arrived), only the file's head is read, for the inspection.
  const meter = new UploadGate<T>({ ...gate, sha256: knownSha256 === null });
  const nowhere = new Writable({ write: (_chunk, _encoding, done) => done() });
  const source = fs.createReadStream(file, {
    highWaterMark: 1024 * 1024,
    end: knownSha256 === null ? Infinity : Math.max(0, gate.headBytes - 1),
  });
  try {
    await pipelineAsync(source, meter, nowhere);
    const linked = await storage.linkFile(key, file);
    if (!linked) return storeUpload(storage, key, fs.createReadStream(file), gate);
    if (linked.size > gate.maxBytes) {
      await storage.delete(key);
      throw new PayloadTooLargeException(gate.tooLargeMessage);
    }
    const sha256 = knownSha256 ?? meter.sha256();
    return { key, size: linked.size, sha256, head: meter.head, inspected: meter.inspected as T };
  } catch (error) {
    if (error instanceof HttpException) throw error;
    if (isStorageFull(error)) throw new HttpException(DISK_FULL_MESSAGE, 507);
    new Logger('Upload').error(`Storing an upload failed: ${(error as Error)?.stack ?? String(error)}`);
    throw new ServiceUnavailableException(STORAGE_UNAVAILABLE);
  }
}
