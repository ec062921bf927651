import { createWriteStream, openAsBlob } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Inject, Injectable } from '@nestjs/common';
import type { GedcomReportLine } from '@family/contract';
import { SERVICE_HEADER, signServiceToken } from '@family/shared';
import type { FamilyConfig } from '../config';
import type { GedcomMedia } from '../genealogy/gedcom-data';
import { FAMILY_CONFIG } from '../services/services';
import type { GedcomPackage } from './gedcom-package';

const DOCUMENT = /\.(pdf|txt|doc|docx|odt|rtf|htm|html)$/i;

export interface MediaOutcome {
  added: number;
  missing: GedcomReportLine[];
  failed: GedcomReportLine[];
}

/**
 * The files a GEDZIP's OBJE records name become media items: each is unpacked to a temporary file and sent to
 * the media service's import route (`POST /internal/media/imports`), which takes it like any upload and tags
 * the people who link to it. A file the upload does not hold, or one media refuses, is reported, never fatal.
 */
@Injectable()
export class GedcomMediaImporter {
  constructor(@Inject(FAMILY_CONFIG) private readonly config: FamilyConfig) {}

  async import(
    media: GedcomMedia[],
    pkg: GedcomPackage,
    personOf: Map<string, number>,
    uploadedBy: number,
    folder: string,
    onProgress: (done: number) => Promise<void>,
  ): Promise<MediaOutcome> {
    const outcome: MediaOutcome = { added: 0, missing: [], failed: [] };
    let done = 0;
    for (const item of media) {
      const line = item.line ?? null;
      const entry = pkg.findMedia(item.path);
      if (!entry) {
        outcome.missing.push({ line, reason: `Line ${line}: the file "${item.path}" is not in the upload.` });
        continue;
      }
      const people = [...new Set(item.people.map((id) => personOf.get(id)).filter((id) => id !== undefined))];
      const path = join(folder, `media-${done}`);
      try {
        await pipeline(await entry.open(), createWriteStream(path));
        await this.send(path, entry.name.split('/').pop()!, item.title, people as number[], uploadedBy);
        outcome.added++;
      } catch (error) {
        outcome.failed.push({
          line,
          reason: `Line ${line}: "${item.path}" was not added: ${(error as Error).message}`,
        });
      }
      done++;
      await onProgress(done);
    }
    return outcome;
  }

  private async send(path: string, fileName: string, title: string | null, tags: number[], uploadedBy: number) {
    const form = new FormData();
    form.set('type', DOCUMENT.test(fileName) ? 'document' : 'photo');
    form.set('title', (title?.trim() || fileName).slice(0, 200));
    form.set('file', await openAsBlob(path), fileName);
    let response: Response;
    try {
      // Who uploads and who is tagged go in the query (MediaImportQuery); the form is the ordinary upload's.
      const url = new URL('/internal/media/imports', this.config.MEDIA_URL);
      url.searchParams.set('uploadedBy', String(uploadedBy));
      url.searchParams.set('tags', tags.join(','));
      response = await fetch(url, {
        method: 'POST',
        headers: { [SERVICE_HEADER]: signServiceToken('family', this.config.INTERNAL_SECRET) },
        body: form,
        signal: AbortSignal.timeout(120_000),
      });
    } catch {
      throw new Error('the media service could not be reached');
    }
    if (!response.ok) {
      const body = (await response.json().catch(() => ({}))) as { message?: string };
      throw new Error(body.message ?? `the media service answered ${response.status}`);
    }
  }
}
