import type { IncomingMessage } from 'node:http';
import { Injectable } from '@nestjs/common';
import { DuplicateUploadError, MediaRepository } from '../repositories/media.repository';
import { UploadService } from './upload.service';

/**
 * A GEDZIP's photo or document (docs/architecture.md#gedcom-import-and-export): the same upload path as
 * POST /api/media, as the member who imports; the file they uploaded before (the same file imported again)
 * is the item, not a copy. The people who link to the file are tagged in it.
 */
@Injectable()
export class MediaImportService {
  constructor(
    private readonly uploads: UploadService,
    private readonly media: MediaRepository,
  ) {}

  async import(uploadedBy: number, tags: number[], req: IncomingMessage): Promise<{ id: number; added: boolean }> {
    let id: number;
    let added = true;
    try {
      id = (await this.uploads.upload({ id: uploadedBy, username: '' }, req)).id;
    } catch (error) {
      if (!(error instanceof DuplicateUploadError)) throw error;
      id = error.existingId;
      added = false;
    }
    for (const person of new Set(tags)) await this.media.addTag(id, person);
    return { id, added };
  }
}
