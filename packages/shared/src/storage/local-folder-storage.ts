import { randomUUID } from 'node:crypto';
import { constants as fsConstants, type Dir } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isDeadProcess, processOwner } from '../process-owner';
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

/** Folder under the root where uploads are written before they are renamed into place. */
export const TEMP_FOLDER = '.tmp';
/** Temp files older than this are left-overs whatever wrote them; ensureReady removes them. */
const STALE_TEMP_AGE_MS = 24 * 60 * 60 * 1000;
/**
 * A temp file is named after the process writing it (`<host>~<pid>~<uuid>.part`), so a process starting again
 * after a crash removes at once what a dead process of its machine left, and leaves alone what live ones (the
 * other services sharing the folder) are writing.
 */
const TEMP_NAME = /^(.+)~(\d+)~[\w-]+\.part$/;

function tempFileName(): string {
  return `${processOwner()}~${randomUUID()}.part`;
}

/** Whether the temp file was left by a process of this machine that no longer runs. */
function leftByDeadProcess(name: string): boolean {
  const match = TEMP_NAME.exec(name);
  return match !== null && isDeadProcess(match[1]!, Number(match[2]));
}

/**
 * Objects as files under a root folder: key `media/2026/11/abc` is the file `<root>/media/2026/11/abc`.
 * A key can never name the temp folder: keys start with a letter or digit.
 */
export class LocalFolderStorage implements ObjectStorage {
  readonly root: string;
  private readonly tempDir: string;

  constructor(root: string) {
    this.root = path.resolve(root);
    this.tempDir = path.join(this.root, TEMP_FOLDER);
  }

  async ensureReady(): Promise<void> {
    await fs.mkdir(this.tempDir, { recursive: true });
    await this.removeStaleTempFiles();
  }

  async put(key: string, body: Readable, _opts?: { contentType?: string }): Promise<{ size: number }> {
    let tempFile: string | undefined;
    try {
      assertValidKey(key);
      const target = this.pathOf(key);
      await fs.mkdir(this.tempDir, { recursive: true });
      const candidate = path.join(this.tempDir, tempFileName());
      // Created before anything can fail, so a failure always knows whether there is a file to remove.
      const handle = await fs.open(candidate, 'wx');
      tempFile = candidate;
      // flush: fsync before the stream closes the handle, so the data is on disk before it gets its real
      // name and a crash can't leave a truncated file under the key.
      const out = handle.createWriteStream({ flush: true });
      await pipeline(body, asBytes(), out);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.rename(tempFile, target);
      return { size: out.bytesWritten };
    } catch (err) {
      // pipeline destroyed its streams; the write stream closes the handle (an open file can be removed anyway).
      if (!body.destroyed) body.destroy();
      if (tempFile) await fs.rm(tempFile, { force: true }).catch(() => undefined);
      throw err;
    }
  }

  async linkFile(key: string, file: string): Promise<{ size: number } | null> {
    assertValidKey(key);
    const target = this.pathOf(key);
    await fs.mkdir(this.tempDir, { recursive: true });
    const candidate = path.join(this.tempDir, tempFileName());
    // On disk before it gets its name, as put() makes sure with its own copy.
    const handle = await fs.open(file, 'r');
    let size: number;
    try {
      await handle.sync();
      size = (await handle.stat()).size;
    } finally {
      await handle.close();
    }
    try {
      await fs.link(file, candidate);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EXDEV') return null;
      throw error;
    }
    try {
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.rename(candidate, target);
    } catch (error) {
      await fs.rm(candidate, { force: true }).catch(() => undefined);
      throw error;
    }
    return { size };
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    assertValidKey(key);
    if (range) assertValidRange(range);
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(this.pathOf(key), 'r');
    } catch (err) {
      if (isMissing(err)) throw new ObjectNotFoundError(key);
      throw err;
    }
    try {
      const info = await handle.stat();
      if (!info.isFile()) throw new ObjectNotFoundError(key);
      if (!range) return handle.createReadStream();
      if (range.start >= info.size) {
        throw new InvalidRangeError(range, `the object is only ${info.size} bytes long`);
      }
      // The stream closes the handle when it ends or is destroyed.
      return handle.createReadStream({ start: range.start, end: range.end });
    } catch (err) {
      await handle.close().catch(() => undefined);
      throw err;
    }
  }

  async stat(key: string): Promise<StoredObject | null> {
    assertValidKey(key);
    try {
      const info = await fs.stat(this.pathOf(key), { bigint: true });
      if (!info.isFile()) return null;
      // Cheap and changes with every put: a put always writes a new file (new inode, new mtime).
      const etag = [info.ino, info.size, info.mtimeNs].map((n) => n.toString(16)).join('-');
      return { size: Number(info.size), etag };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  /** Walks the prefix's folder one directory at a time (opendir reads entries in small batches). */
  async *list(prefix: string): AsyncIterable<{ key: string; size: number }> {
    const start = prefix.replace(/\/+$/, '');
    const pending = [start];
    while (pending.length > 0) {
      const folder = pending.pop()!;
      let dir: Dir;
      try {
        dir = await fs.opendir(path.join(this.root, ...folder.split('/')));
      } catch (err) {
        if (isMissing(err) || errorCode(err) === 'ENOTDIR') continue;
        throw err;
      }
      for await (const entry of dir) {
        const key = `${folder}/${entry.name}`;
        if (entry.isDirectory()) pending.push(key);
        else if (entry.isFile()) {
          const info = await fs.stat(path.join(this.root, ...key.split('/'))).catch(() => null);
          if (info) yield { key, size: info.size };
        }
      }
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    try {
      await fs.unlink(this.pathOf(key));
    } catch (err) {
      // EISDIR: the key is only a prefix of other keys, so there is no object to delete.
      if (isMissing(err) || errorCode(err) === 'EISDIR') return;
      throw err;
    }
  }

  async ping(): Promise<void> {
    const info = await fs.stat(this.root);
    if (!info.isDirectory()) throw new Error(`Storage folder ${this.root} is not a folder.`);
    await fs.access(this.tempDir, fsConstants.R_OK | fsConstants.W_OK);
  }

  private pathOf(key: string): string {
    return path.join(this.root, ...key.split('/'));
  }

  /**
   * Those of processes that died (a service killed mid-upload) and any a day old; other processes may share this
   * folder and be writing their own temp files right now.
   */
  private async removeStaleTempFiles(): Promise<void> {
    const cutoff = Date.now() - STALE_TEMP_AGE_MS;
    for (const name of await fs.readdir(this.tempDir)) {
      const file = path.join(this.tempDir, name);
      try {
        const info = await fs.stat(file);
        if (info.isFile() && (leftByDeadProcess(name) || info.mtimeMs < cutoff)) await fs.rm(file, { force: true });
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
    }
  }
}

/** Passes bytes on and fails on anything else (an object-mode body of objects would be written as nothing). */
function asBytes(): Transform {
  return new Transform({
    writableObjectMode: true,
    transform(chunk: unknown, _encoding, callback) {
      try {
        callback(null, chunkToBuffer(chunk));
      } catch (err) {
        callback(err as Error);
      }
    },
  });
}

/** ENOTDIR: a parent "folder" of the key is a file, i.e. another object; so this object doesn't exist. */
function isMissing(err: unknown): boolean {
  const code = errorCode(err);
  return code === 'ENOENT' || code === 'ENOTDIR';
}
