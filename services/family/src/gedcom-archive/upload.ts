import { createReadStream } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { BadRequestException, PayloadTooLargeException, UnsupportedMediaTypeException } from '@nestjs/common';
import { receiveToTempFile } from '@family/shared/uploads';
import { looksLikeZip } from '@family/shared/zip';
import { checkGedcomStream } from '../gedcom-format/reader';
import { GedcomRefusedError, GedcomTooLargeError } from '../gedcom-format/data';
import { planMedia } from './media';
import { gedcomFilePackage, openZipPackage, PackageRefusedError, type GedcomPackage } from './package';
import { GEDCOM_TEMP_PREFIX } from './jobs';

export const MAX_UPLOAD_BYTES = 1024 * 1024 * 1024;
export const TOO_LARGE = 'A GEDCOM file or ZIP must be under 1 GB.';
export const NOT_GEDCOM =
  'This file is not GEDCOM: choose the .ged file your genealogy program exported, or a ZIP (GEDZIP) holding it.';
const NOT_MULTIPART = 'Please send the GEDCOM file as a form with a file (multipart/form-data).';
const NO_FILE = 'Please choose a GEDCOM file (.ged) or a ZIP holding one.';

export type Packaging = 'ged' | 'zip';

/** What an upload looks like from its first bytes: a ZIP, GEDCOM lines (in any of its encodings), or neither. */
export function sniffPackaging(head: Buffer): Packaging {
  if (looksLikeZip(head)) return 'zip';
  let text: string;
  if (head[0] === 0xff && head[1] === 0xfe) text = head.subarray(2).toString('utf16le');
  else if (head[0] === 0xfe && head[1] === 0xff) text = Buffer.from(head.subarray(2)).swap16().toString('utf16le');
  else text = head.toString('latin1').replace(/^\u00ef\u00bb\u00bf/, '');
  const firstLine = text.split(/\r\n|\r|\n/).find((line) => line.trim() !== '') ?? '';
  if (/^\s*\d{1,3}\s+(@[^@\s]+@\s+)?[A-Za-z0-9_]+/.test(firstLine)) return 'ged';
  throw new UnsupportedMediaTypeException(NOT_GEDCOM);
}

export interface ReceivedGedcom {
  path: string;
  fileName: string;
  packaging: Packaging;
  /** Removes the temporary copy. */
  discard(): Promise<void>;
}

/**
 * Streams the upload's one file to a temporary file while its size is capped and its first bytes judged, so
 * something that is not GEDCOM is refused (415) before it is read to its end.
 */
export async function receiveGedcom(req: IncomingMessage): Promise<ReceivedGedcom> {
  const file = await receiveToTempFile(req, {
    prefix: GEDCOM_TEMP_PREFIX,
    maxBytes: MAX_UPLOAD_BYTES,
    tooLargeMessage: TOO_LARGE,
    notMultipartMessage: NOT_MULTIPART,
    noFileMessage: NO_FILE,
    inspect: sniffPackaging,
  });
  return { path: file.path, fileName: file.fileName, packaging: file.inspected, discard: file.discard };
}

/** Opens what was received: the ZIP's entries checked, or the GEDCOM file alone. Refusals become 400. */
export async function openPackage(path: string, packaging: Packaging, fileName: string): Promise<GedcomPackage> {
  try {
    return packaging === 'zip' ? await openZipPackage(path) : gedcomFilePackage(path, fileName);
  } catch (error) {
    if (error instanceof PackageRefusedError) throw new BadRequestException(error.message);
    throw error;
  }
}

/**
 * Reads the whole GEDCOM once, keeping no people, so a malformed file is refused now, with the reader's sentence,
 * and a file over a cap (gedcom-format/limits.ts) with 413 as soon as the reading reaches it.
 */
export async function checkGedcom(pkg: GedcomPackage): Promise<void> {
  try {
    const paths = await checkGedcomStream(await pkg.gedcom());
    planMedia(
      paths.map((path) => ({ path, format: null, title: null, people: [] })),
      pkg,
    );
  } catch (error) {
    if (error instanceof GedcomTooLargeError) throw new PayloadTooLargeException(error.message);
    if (error instanceof GedcomRefusedError) {
      if (error.notGedcom) throw new UnsupportedMediaTypeException(error.message);
      throw new BadRequestException(error.message);
    }
    if (error instanceof PackageRefusedError) throw new BadRequestException(error.message);
    throw error;
  }
}

export const fileStream = (path: string) => createReadStream(path);
