import { createReadStream } from 'node:fs';
import { posix } from 'node:path';
import { pipeline, type Readable, Transform } from 'node:stream';
import { GEDZIP_LIMITS, openCheckedZip, type ZipEntry, ZipRefusedError } from '@family/shared/zip';
import { GedcomTooLargeError } from '../gedcom-format/data';
import { GEDCOM_LIMITS, OVER_LIMIT } from '../gedcom-format/limits';

/**
 * What an upload holds: a GEDCOM file alone, or a ZIP (GEDZIP, or a program's export folder zipped) with one
 * GEDCOM file and the photos and documents its OBJE records name. The ZIP is read with yauzl from a file on
 * disk; every entry is checked before anything is imported, so a ZIP bomb or a path that climbs out
 * (`../../x`) refuses the whole upload with a sentence (docs/architecture.md#gedcom-import-and-export); the checks
 * are the shared ZIP reader's.
 */

export { ZipRefusedError as PackageRefusedError } from '@family/shared/zip';

interface Entry {
  name: string;
  entry: ZipEntry;
}

export interface GedcomPackage {
  /** The GEDCOM file's name inside the upload. */
  gedcomName: string;
  gedcom(): Promise<Readable>;
  /** The entry a GEDCOM FILE path names, or null when the upload does not hold it. */
  findMedia(path: string): PackageFile | null;
  close(): void;
}

export interface PackageFile {
  /** The entry's name in the ZIP: one file, however many paths name it. */
  name: string;
  size: number;
  open(): Promise<Readable>;
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

/** `unpackedLimit`: the bytes this import may unpack, the GEDCOM and its files together (lower only in tests). */
export async function openZipPackage(
  path: string,
  unpackedLimit: number = GEDCOM_LIMITS.unpackedBytes,
): Promise<GedcomPackage> {
  const zip = await openCheckedZip(path, GEDZIP_LIMITS);
  try {
    const entries: Entry[] = zip.entries.map((entry) => ({ name: entry.name, entry }));
    const gedcoms = entries
      .filter((entry) => /\.ged$/i.test(entry.name))
      .sort((a, b) => a.name.split('/').length - b.name.split('/').length || a.name.localeCompare(b.name));
    if (gedcoms.length === 0) {
      throw new ZipRefusedError('The ZIP holds no GEDCOM file (.ged); export the family tree as GEDCOM first.');
    }
    const gedcom = gedcoms[0]!;
    const folder = posix.dirname(gedcom.name) === '.' ? '' : `${posix.dirname(gedcom.name)}/`;
    const byName = new Map(entries.map((entry) => [normalise(entry.name), entry]));
    // Every byte unpacked in this import counts, whichever entry it comes from and however often it is read.
    let unpacked = 0;
    const read = async (entry: Entry): Promise<Readable> => {
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          unpacked += chunk.length;
          if (unpacked > unpackedLimit) done(new GedcomTooLargeError(OVER_LIMIT.unpackedBytes));
          else done(null, chunk);
        },
      });
      return pipeline(await zip.open(entry.entry), counted, () => undefined);
    };
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
        return entry ? { name: entry.name, size: entry.entry.size, open: () => read(entry) } : null;
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
