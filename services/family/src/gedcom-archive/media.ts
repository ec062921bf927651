import { createWriteStream, openAsBlob } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Injectable } from '@nestjs/common';
import type { GedcomReportLine } from '@family/contract';
import { MediaClient } from '@family/shared/clients';
import { type GedcomMedia, GedcomTooLargeError } from '../gedcom-format/data';
import { GEDCOM_LIMITS, OVER_LIMIT } from '../gedcom-format/limits';
import type { GedcomPackage, PackageFile } from './package';
import { clip } from './people';

const DOCUMENT = /\.(pdf|txt|doc|docx|odt|rtf|htm|html)$/i;
/** Missing files listed one by one in the report; the rest are counted. */
const MAX_LISTED = 1000;
/** People tagged by the upload's query (MediaImportQuery), then per call of the tags route (MediaImportTagsDto). */
const TAGS_WITH_UPLOAD = 200;
const TAGS_PER_CALL = 1000;

export interface MediaOutcome {
  added: number;
  failed: GedcomReportLine[];
}

/** A ZIP entry to send once, with the people of every OBJE line that names it. */
export interface PlannedFile extends PackageFile {
  /** The first path that named it and that line, for the report. */
  path: string;
  line: number | null;
  title: string | null;
  people: Set<string>;
}

export interface MediaPlan {
  files: PlannedFile[];
  missing: GedcomReportLine[];
}

/**
 * Which entries of the upload the GEDCOM's files are. Many paths may name one entry (`C:\\a\\pic.jpg` and
 * `D:\\b\\pic.jpg` both end in the ZIP's `pic.jpg`): it is one file, sent once. Throws GedcomTooLargeError past
 * the caps on files and unpacked bytes, so an upload over them is refused before anything is imported.
 */
export function planMedia(media: GedcomMedia[], pkg: GedcomPackage): MediaPlan {
  const byEntry = new Map<string, PlannedFile>();
  const missing: GedcomReportLine[] = [];
  let bytes = 0;
  let unlisted = 0;
  for (const item of media) {
    const line = item.line ?? null;
    const entry = pkg.findMedia(item.path);
    if (!entry) {
      if (missing.length < MAX_LISTED) {
        missing.push({ line, reason: `Line ${line}: the file "${item.path}" is not in the upload.` });
      } else unlisted++;
      continue;
    }
    let file = byEntry.get(entry.name);
    if (!file) {
      bytes += entry.size;
      if (byEntry.size >= GEDCOM_LIMITS.mediaFiles) throw new GedcomTooLargeError(OVER_LIMIT.mediaFiles);
      if (bytes > GEDCOM_LIMITS.unpackedBytes) throw new GedcomTooLargeError(OVER_LIMIT.unpackedBytes);
      file = { ...entry, path: item.path, line, title: item.title, people: new Set() };
      byEntry.set(entry.name, file);
    }
    for (const person of item.people) file.people.add(person);
  }
  if (unlisted > 0) missing.push({ line: null, reason: `${unlisted} more files are not in the upload.` });
  return { files: [...byEntry.values()], missing };
}

/**
 * The files of a GEDZIP become media items: each entry is unpacked to one temporary file, sent to the media
 * service's import route (`POST /internal/media/imports`), which takes it like any upload and tags its people,
 * and removed at once, so the disk holds one file at a time. A file media refuses is reported, never fatal.
 */
@Injectable()
export class GedcomMediaImporter {
  constructor(private readonly media: MediaClient) {}

  async import(
    plan: MediaPlan,
    personOf: Map<string, number>,
    uploadedBy: number,
    folder: string,
    onProgress: (done: number) => Promise<void>,
  ): Promise<MediaOutcome> {
    const outcome: MediaOutcome = { added: 0, failed: [] };
    const path = join(folder, 'media');
    for (const [index, file] of plan.files.entries()) {
      const people = [...file.people].map((id) => personOf.get(id)).filter((id) => id !== undefined);
      try {
        await pipeline(await file.open(), createWriteStream(path));
        const { id } = await this.send(path, file.name.split('/').pop()!, file.title, people, uploadedBy);
        for (let start = TAGS_WITH_UPLOAD; start < people.length; start += TAGS_PER_CALL) {
          await this.media.tagImported(id, people.slice(start, start + TAGS_PER_CALL));
        }
        outcome.added++;
      } catch (error) {
        const rest = plan.files.length - index - 1;
        const stop = error instanceof GedcomTooLargeError && rest > 0;
        outcome.failed.push({
          line: file.line,
          reason: `Line ${file.line}: "${file.path}" was not added: ${(error as Error).message}${stop ? ` The ${rest} files after it were not added either.` : ''}`,
        });
        if (stop) break;
      } finally {
        await rm(path, { force: true });
      }
      await onProgress(index + 1);
    }
    return outcome;
  }

  /** The file as an upload to media, tagged with its first people; answers the item. */
  private async send(
    path: string,
    fileName: string,
    title: string | null,
    tags: number[],
    uploadedBy: number,
  ): Promise<{ id: number }> {
    return this.media.importFile(uploadedBy, tags.slice(0, TAGS_WITH_UPLOAD), {
      blob: await openAsBlob(path),
      name: fileName,
      type: DOCUMENT.test(fileName) ? 'document' : 'photo',
      title: clip(title, 200) ?? clip(fileName, 200)!,
    });
  }
}
