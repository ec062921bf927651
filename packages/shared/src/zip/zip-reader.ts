import { PassThrough, type Readable } from 'node:stream';
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
}

/**
 * All entries together may unpack to this many times the ZIP file's own size. Photos, videos and sound do not
 * compress (about 1×); an export's text (archive.json, index.html, family.ged, posts) packs about 4–13× and a
 * GEDCOM file 5–7×; a ZIP bomb packs hundreds to a thousand times. Counting the whole archive, small entries
 * included, stops a bomb split into many entries under any per-entry size.
 */
export const MAX_ZIP_RATIO = 40;
/** A ZIP that unpacks to less than this is never a bomb, whatever its ratio (a tiny export, a test's GEDCOM). */
const SMALL_UNPACKED_BYTES = 1024 * 1024;
/** One entry over 1 MB may unpack to at most this many times its packed size (a bomb inside a large ZIP). */
const MAX_ENTRY_RATIO = 200;

/** Far beyond any family's GEDZIP, far below a bomb. */
export const GEDZIP_LIMITS: ZipLimits = { maxUnpackedBytes: 4 * 1024 ** 3, maxEntries: 50_000 };

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
  // zlib's own codes (Z_DATA_ERROR, Z_BUF_ERROR…): the compressed bytes are not what they claim to be.
  const zlibCode = /^Z_/.test(String((error as { code?: unknown }).code ?? ''));
  if (
    zlibCode ||
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
  // yauzl knows the file's size: the whole archive's expansion is counted against it.
  const maxUnpacked = Math.min(limits.maxUnpackedBytes, Math.max(SMALL_UNPACKED_BYTES, zip.fileSize * MAX_ZIP_RATIO));
  const tooMany = new ZipRefusedError(
    `The ZIP holds more than ${limits.maxEntries.toLocaleString('en')} files; it cannot be imported.`,
  );
  return new Promise((resolve, reject) => {
    // The end record says how many entries there are: too many is refused before any is listed.
    if (zip.entryCount > limits.maxEntries) {
      reject(tooMany);
      return;
    }
    const entries: ZipEntry[] = [];
    let unpacked = 0;
    let count = 0;
    zip.on('entry', (entry: yauzl.Entry) => {
      count += 1;
      if (count > limits.maxEntries) {
        reject(tooMany);
        return;
      }
      unpacked += entry.uncompressedSize;
      if (
        unpacked > maxUnpacked ||
        (entry.uncompressedSize > 1024 * 1024 && entry.uncompressedSize > entry.compressedSize * MAX_ENTRY_RATIO)
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
          zip.openReadStream(entry.entry, (error, stream) => {
            if (error) return reject(zipRefusalOf(error));
            // A read that fails half-way (a lying size, damaged data) errors the stream with a ZipRefusedError,
            // so every reader of an entry refuses a damaged ZIP with a sentence, never as a fault of ours.
            const refusing = new PassThrough();
            stream.on('error', (failure: Error) => refusing.destroy(zipRefusalOf(failure)));
            resolve(stream.pipe(refusing));
          }),
        ),
      close: () => zip.close(),
    };
  } catch (error) {
    zip.close();
    throw error;
  }
}
