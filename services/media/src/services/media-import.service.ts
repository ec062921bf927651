import type { IncomingMessage } from 'node:http';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { TaggedMediaFile } from '@family/contract';
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
    private readonly db: DataSource,
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

  /** Items with a file and at least one tag, with their people, by id after `after` (keyset pages). */
  async taggedFiles(after: number, limit: number): Promise<{ items: TaggedMediaFile[]; next: number | null }> {
    const rows: { id: number; file_name: string; title: string; content_type: string | null; people: number[] }[] =
      await this.db.query(
        `SELECT m.id, m.file_name, m.title, m.content_type, array_agg(t.user_id ORDER BY t.user_id) AS people
           FROM media_items m JOIN media_tags t ON t.media_id = m.id
          WHERE m.id > $1 AND m.file_name IS NOT NULL AND m.deleted_at IS NULL
          GROUP BY m.id ORDER BY m.id LIMIT $2`,
        [after, limit],
      );
    const items = rows.map((row) => ({
      id: row.id,
      fileName: row.file_name,
      title: row.title,
      contentType: row.content_type,
      people: row.people.map(Number),
    }));
    return { items, next: items.length === limit ? items[items.length - 1]!.id : null };
  }
}
