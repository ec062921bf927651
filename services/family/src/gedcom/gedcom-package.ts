import { createReadStream } from 'node:fs';
import { posix } from 'node:path';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';

/**
 * What an upload holds: a GEDCOM file alone, or a ZIP (GEDZIP, or a program's export folder zipped) with one
 * GEDCOM file and the photos and documents its OBJE records name. The ZIP is read with yauzl from a file on
 * disk; every entry is checked before anything is imported, so a ZIP bomb or a path that climbs out
 * (`../../x`) refuses the whole upload with a sentence (docs/architecture.md#gedcom-import-and-export).
 */

/** The most a ZIP may unpack to, and the most entries: far beyond any family's photos, far below a bomb. */
export const MAX_UNPACKED_BYTES = 4 * 1024 * 1024 * 1024;
const MAX_ENTRIES = 50_000;
/** A file that unpacks to more than this many times its packed size is a bomb, once it is over 1 MB. */
const MAX_RATIO = 200;

export class PackageRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PackageRefusedError';
  }
}

interface Entry {
  name: string;
  entry: yauzl.Entry;
}

export interface GedcomPackage {
  /** The GEDCOM file's name inside the upload. */
  gedcomName: string;
  gedcom(): Promise<Readable>;
  /** The entry a GEDCOM FILE path names, or null when the upload does not hold it. */
  findMedia(path: string): { name: string; size: number; open(): Promise<Readable> } | null;
  close(): void;
}

const openZip = (path: string) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true }, (error, zip) =>
      error ? reject(error) : resolve(zip),
    ),
  );

function entriesOf(zip: yauzl.ZipFile): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    let unpacked = 0;
    zip.on('entry', (entry: yauzl.Entry) => {
      if (entries.length >= MAX_ENTRIES) {
        reject(
          new PackageRefusedError(
            `The ZIP holds more than ${MAX_ENTRIES.toLocaleString('en')} files; it cannot be imported.`,
          ),
        );
        return;
      }
      unpacked += entry.uncompressedSize;
      if (
        unpacked > MAX_UNPACKED_BYTES ||
        (entry.uncompressedSize > 1024 * 1024 && entry.uncompressedSize > entry.compressedSize * MAX_RATIO)
      ) {
        reject(
          new PackageRefusedError(
            'The ZIP unpacks to far more than it holds (a ZIP bomb, or a damaged file); it cannot be imported.',
          ),
        );
        return;
      }
      if (!entry.fileName.endsWith('/')) entries.push({ name: entry.fileName, entry });
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', (error: Error) => reject(refusalOf(error)));
    zip.readEntry();
  });
}

/** yauzl's own refusals, as sentences for the person who uploaded the file. */
function refusalOf(error: Error): Error {
  if (error instanceof PackageRefusedError) return error;
  const match = /^(invalid relative path|absolute path|invalid characters in fileName): (.*)$/.exec(error.message);
  if (match) {
    return new PackageRefusedError(
      `The ZIP holds a file named "${match[2]}", which points outside the ZIP; it cannot be imported.`,
    );
  }
  return new PackageRefusedError(`The ZIP cannot be read (${error.message}).`);
}

const normalise = (name: string) => name.replaceAll('\\', '/').toLowerCase();

/** A GEDCOM FILE payload as a path inside the upload: URI escapes and file: URLs undone, \ as /. */
function pathOf(reference: string): string {
  let value = reference.trim();
  if (/^file:/i.test(value)) value = value.replace(/^file:\/*/i, '/');
  try {
    value = decodeURIComponent(value);
  } catch {
    // a name with a lone % is meant literally
  }
  return value.replaceAll('\\', '/').replace(/^[a-z]:\//i, '/');
}

export async function openZipPackage(path: string): Promise<GedcomPackage> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(path);
  } catch (error) {
    throw refusalOf(error as Error);
  }
  try {
    const entries = await entriesOf(zip);
    const gedcoms = entries
      .filter((entry) => /\.ged$/i.test(entry.name))
      .sort((a, b) => a.name.split('/').length - b.name.split('/').length || a.name.localeCompare(b.name));
    if (gedcoms.length === 0) {
      throw new PackageRefusedError('The ZIP holds no GEDCOM file (.ged); export the family tree as GEDCOM first.');
    }
    const gedcom = gedcoms[0]!;
    const folder = posix.dirname(gedcom.name) === '.' ? '' : `${posix.dirname(gedcom.name)}/`;
    const byName = new Map(entries.map((entry) => [normalise(entry.name), entry]));
    const read = (entry: Entry) =>
      new Promise<Readable>((resolve, reject) =>
        zip.openReadStream(entry.entry, (error, stream) => (error ? reject(refusalOf(error)) : resolve(stream))),
      );
    const find = (reference: string): Entry | null => {
      const wanted = normalise(pathOf(reference));
      const relative = wanted.replace(/^\/+/, '');
      const direct = byName.get(normalise(folder) + relative) ?? byName.get(relative);
      if (direct) return direct;
      // An absolute path from the program's computer: the longest tail that the ZIP holds.
      const parts = relative.split('/');
      for (let start = 1; start < parts.length; start++) {
        const tail = parts.slice(start).join('/');
        const found = byName.get(normalise(folder) + tail) ?? byName.get(tail);
        if (found) return found;
      }
      return null;
    };
    return {
      gedcomName: gedcom.name,
      gedcom: () => read(gedcom),
      findMedia(reference) {
        const entry = find(reference);
        return entry ? { name: entry.name, size: entry.entry.uncompressedSize, open: () => read(entry) } : null;
      },
      close: () => zip.close(),
    };
  } catch (error) {
    zip.close();
    throw error;
  }
}

/** A GEDCOM file alone: it names media, but holds none. */
export function gedcomFilePackage(path: string, name: string): GedcomPackage {
  return {
    gedcomName: name,
    gedcom: async () => createReadStream(path),
    findMedia: () => null,
    close: () => undefined,
  };
}
