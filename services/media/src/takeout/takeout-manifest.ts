import { ARCHIVE_FORMAT, ARCHIVE_FORMAT_VERSION, type ArchiveManifest } from '@family/contract';
import { type CheckedZip, type ZipLimits, ZipRefusedError } from '@family/shared/zip';

/**
 * archive.json of a takeout ZIP (docs/api.md "Import of an export"): read whole (it is bounded), parsed and checked
 * for the format and the shape the import relies on, so a ZIP that is not an export is refused with a sentence.
 */

export const MANIFEST_NAME = 'archive.json';
/** archive.json of 100,000 items is about 100 MB; past this it is not an export. */
const MAX_MANIFEST_BYTES = 256 * 1024 * 1024;

export const NOT_AN_EXPORT =
  'This ZIP is not an export of a family archive: it has no archive.json of format "family-archive-takeout".';
export const NEWER_EXPORT =
  'This export was made by a newer version of the family archive; update this archive first, then import it.';
const DAMAGED_MANIFEST = "The export's archive.json is damaged: ";

/**
 * What a takeout ZIP may unpack to: a family's whole archive, never a bomb (the whole ZIP's ratio is the shared
 * reader's). An export holds at most three files per item (original, thumbnail, a post's page): 300,000 is an
 * archive of 100,000 items, and listing that many takes seconds, so no more are read.
 */
export function takeoutZipLimits(maxUnpackedBytes: number): ZipLimits {
  return { maxUnpackedBytes, maxEntries: 300_000 };
}

async function readAll(zip: CheckedZip, name: string): Promise<Buffer> {
  const entry = zip.entries.find((candidate) => candidate.name === name);
  if (!entry) throw new ZipRefusedError(NOT_AN_EXPORT);
  if (entry.size > MAX_MANIFEST_BYTES) throw new ZipRefusedError(`${DAMAGED_MANIFEST}it is far too large.`);
  const chunks: Buffer[] = [];
  for await (const chunk of await zip.open(entry)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const isArray = (value: unknown) => Array.isArray(value);
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The manifest of an export, or ZipRefusedError with the sentence that says why not. */
export async function readManifest(zip: CheckedZip): Promise<ArchiveManifest> {
  let parsed: unknown;
  try {
    parsed = JSON.parse((await readAll(zip, MANIFEST_NAME)).toString('utf8'));
  } catch (error) {
    if (error instanceof ZipRefusedError) throw error;
    throw new ZipRefusedError(NOT_AN_EXPORT);
  }
  if (!isObject(parsed) || parsed.format !== ARCHIVE_FORMAT) throw new ZipRefusedError(NOT_AN_EXPORT);
  if (typeof parsed.version !== 'number' || parsed.version > ARCHIVE_FORMAT_VERSION) {
    throw new ZipRefusedError(NEWER_EXPORT);
  }
  if (typeof parsed.archiveId !== 'string' || !/^[\w.:-]{1,100}$/.test(parsed.archiveId)) {
    throw new ZipRefusedError(`${DAMAGED_MANIFEST}its archiveId is missing.`);
  }
  for (const list of ['people', 'albums', 'media', 'memories'] as const) {
    if (!isArray(parsed[list])) throw new ZipRefusedError(`${DAMAGED_MANIFEST}its list of ${list} is missing.`);
  }
  const media = parsed.media as unknown[];
  media.forEach((item, index) => {
    if (!isObject(item) || typeof item.id !== 'number' || typeof item.type !== 'string') {
      throw new ZipRefusedError(`${DAMAGED_MANIFEST}media item ${index + 1} has no id or type.`);
    }
  });
  (parsed.albums as unknown[]).forEach((album, index) => {
    if (!isObject(album) || typeof album.id !== 'number' || typeof album.name !== 'string') {
      throw new ZipRefusedError(`${DAMAGED_MANIFEST}album ${index + 1} has no id or name.`);
    }
  });
  if (!isObject(parsed.exportedBy)) throw new ZipRefusedError(`${DAMAGED_MANIFEST}it does not say who exported it.`);
  return parsed as unknown as ArchiveManifest;
}
