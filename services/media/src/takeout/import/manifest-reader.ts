import { plainToInstance } from 'class-transformer';
import { validate, type ValidationError } from 'class-validator';
import { ARCHIVE_FORMAT, ARCHIVE_FORMAT_VERSION, type ArchiveManifest } from '@family/contract';
import { inputProblem } from '@family/shared';
import { type CheckedZip, type ZipLimits, ZipRefusedError } from '@family/shared/zip';
import { ArchiveManifestDto } from './archive-manifest.dto';

/**
 * archive.json of a takeout ZIP (docs/api.md "Import of an export"): read whole (it is bounded), parsed, and checked
 * as a whole (the format, then every value the import reads, by ArchiveManifestDto), so a ZIP that is not an
 * export, or whose archive.json is damaged, is refused with a sentence before anything is imported.
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

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The first broken rule, named by its place in archive.json (`media[3].title must be a string`). */
function firstProblem(errors: ValidationError[], path = ''): string | null {
  for (const error of errors) {
    const place = /^\d+$/.test(error.property)
      ? `${path}[${error.property}]`
      : path
        ? `${path}.${error.property}`
        : error.property;
    const [rule, message] = Object.entries(error.constraints ?? {})[0] ?? [];
    // class-validator's sentence for a list entry that is not an object names the list, not the entry.
    if (rule === 'nestedValidation') return `${place} must be an object`;
    if (message) return message.startsWith(error.property) ? place + message.slice(error.property.length) : message;
    const nested = firstProblem(error.children ?? [], place);
    if (nested) return nested;
  }
  return null;
}

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
  // Text Postgres cannot store (a null character) is refused here, as a request's would be.
  const problem =
    inputProblem(parsed) ??
    firstProblem(
      await validate(plainToInstance(ArchiveManifestDto, parsed), {
        forbidUnknownValues: false,
        stopAtFirstError: true,
      }),
    );
  if (problem) throw new ZipRefusedError(`${DAMAGED_MANIFEST}${problem.replace(/\.$/, '')}.`);
  return parsed as unknown as ArchiveManifest;
}
