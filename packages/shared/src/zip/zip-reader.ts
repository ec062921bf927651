import type { Readable } from 'node:stream';
import yauzl from 'yauzl';

/**
 * Reading an uploaded ZIP (a GEDZIP, a takeout archive) from a file on disk, with the guards every import keeps
 * (docs/architecture.md "ZIP uploads"): every entry is listed and checked before anything is imported, so a ZIP
 * bomb (too many entries, too much unpacked, a ratio no real file has), a path that climbs out (`../../x`, `/etc`)
 * or a damaged ZIP refuses the whole upload with a sentence. yauzl checks each entry's real size against the
 * declared one while it is read, so a lying header fails the read too.
 */

export interface ZipLimits {
  /** The most the whole ZIP may unpack to. */
  maxUnpackedBytes: number;
  maxEntries: number;
  /** An entry over 1 MB that unpacks to more than this many times its packed size is a bomb. */
  maxRatio: number;
}

/** Far beyond any family's GEDZIP, far below a bomb. */
export const GEDZIP_LIMITS: ZipLimits = { maxUnpackedBytes: 4 * 1024 ** 3, maxEntries: 50_000, maxRatio: 200 };

export class ZipRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ZipRefusedError';
  }
}

export const ZIP_BOMB =
  'The ZIP unpacks to far more than it holds (a ZIP bomb, or a damaged file); it cannot be imported.';

export interface ZipEntry {
  /** The entry's path inside the ZIP, as yauzl checked it (no `..`, not absolute). */
  name: string;
  size: number;
  entry: yauzl.Entry;
}

/** An open ZIP whose entries (files only) were all checked. */
export interface CheckedZip {
  entries: ZipEntry[];
  open(entry: ZipEntry): Promise<Readable>;
  close(): void;
}

/** Whether a file begins like a ZIP (a local file header, or the end record of an empty ZIP). */
export function looksLikeZip(head: Buffer): boolean {
  if (head.length < 4) return false;
  const signature = head.readUInt32LE(0);
  return signature === 0x04034b50 || signature === 0x06054b50;
}

/** yauzl's own refusals, as sentences for the person who uploaded the file. */
export function zipRefusalOf(error: Error): Error {
  if (error instanceof ZipRefusedError) return error;
  const match = /^(invalid relative path|absolute path|invalid characters in fileName): (.*)$/.exec(error.message);
  if (match) {
    return new ZipRefusedError(
      `The ZIP holds a file named "${match[2]}", which points outside the ZIP; it cannot be imported.`,
    );
  }
  if (
    /too many length or distance symbols|invalid (block type|stored block|distance|code)|unexpected end/i.test(
      error.message,
    )
  ) {
    return new ZipRefusedError(`The ZIP is damaged (${error.message}); it cannot be imported.`);
  }
  if (/expected|does not match|unexpected EOF|end of central directory/i.test(error.message)) {
    return new ZipRefusedError(`The ZIP is incomplete or damaged (${error.message}); upload the whole file again.`);
  }
  return new ZipRefusedError(`The ZIP cannot be read (${error.message}).`);
}

const openFile = (path: string) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true }, (error, zip) =>
      error ? reject(error) : resolve(zip),
    ),
  );

function entriesOf(zip: yauzl.ZipFile, limits: ZipLimits): Promise<ZipEntry[]> {
  return new Promise((resolve, reject) => {
    const entries: ZipEntry[] = [];
    let unpacked = 0;
    let count = 0;
    zip.on('entry', (entry: yauzl.Entry) => {
      count += 1;
      if (count > limits.maxEntries) {
        reject(
          new ZipRefusedError(
            `The ZIP holds more than ${limits.maxEntries.toLocaleString('en')} files; it cannot be imported.`,
          ),
        );
        return;
      }
      unpacked += entry.uncompressedSize;
      if (
        unpacked > limits.maxUnpackedBytes ||
        (entry.uncompressedSize > 1024 * 1024 && entry.uncompressedSize > entry.compressedSize * limits.maxRatio)
      ) {
        reject(new ZipRefusedError(ZIP_BOMB));
        return;
      }
      if (!entry.fileName.endsWith('/')) entries.push({ name: entry.fileName, size: entry.uncompressedSize, entry });
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', (error: Error) => reject(zipRefusalOf(error)));
    zip.readEntry();
  });
}

/** Opens the ZIP at `path` and checks every entry; refusals are ZipRefusedError with a sentence. */
export async function openCheckedZip(path: string, limits: ZipLimits): Promise<CheckedZip> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openFile(path);
  } catch (error) {
    throw zipRefusalOf(error as Error);
  }
  try {
    const entries = await entriesOf(zip, limits);
    return {
      entries,
      open: (entry) =>
        new Promise<Readable>((resolve, reject) =>
          // A read that fails half-way (a lying size, damaged data) errors the stream: see zipRefusalOf.
          zip.openReadStream(entry.entry, (error, stream) => (error ? reject(zipRefusalOf(error)) : resolve(stream))),
        ),
      close: () => zip.close(),
    };
  } catch (error) {
    zip.close();
    throw error;
  }
}
