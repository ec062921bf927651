import type { IncomingMessage } from 'node:http';
import { Inject, Injectable } from '@nestjs/common';
import type { TaggedMediaFile } from '@family/contract';
import { DuplicateUploadError, MediaItemRepository } from '../repositories/media-item.repository';
import type { TakeoutSelection, Viewer } from '../repositories/media-sql';
import { TagRepository } from '../repositories/tag.repository';
import { MediaAccessFactory } from './media-access.service';
import { PersonAttachment } from './person-attachment';
import { TAKEOUT_HOOKS, type TakeoutHooks } from './takeout-hooks';
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
    private readonly items: MediaItemRepository,
    private readonly tags: TagRepository,
    private readonly access: MediaAccessFactory,
    private readonly attachment: PersonAttachment,
    @Inject(TAKEOUT_HOOKS) private readonly takeoutHooks: TakeoutHooks,
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
    const item = { id, userId: uploadedBy, albumId: (await this.items.albumOf(id)) ?? null };
    await this.attachment.attach(this.access.for(uploadedBy), item, tags);
    return { id, added };
  }

  /** More people on an imported item, on the word of its uploader, the importing member (PersonAttachment). */
  async tag(id: number, people: number[]): Promise<void> {
    const item = await this.items.findById(id);
    if (!item) return;
    await this.attachment.attach(this.access.for(item.userId), item, people);
  }

  /**
   * Items with a file and at least one tag, with their people, by id after `after` (keyset pages). With a
   * takeout selection, only that export's items, each named by its path inside the ZIP (docs/api.md "Takeout").
   */
  async taggedFiles(
    after: number,
    limit: number,
    { takeout, viewer }: { takeout: TakeoutSelection; viewer?: never } | { viewer: Viewer; takeout?: never },
  ): Promise<{ items: TaggedMediaFile[]; next: number | null }> {
    const rows = await this.tags.taggedFiles(after, limit, takeout ? { takeout } : { viewer });
    const items = rows.map((row) => ({
      id: row.id,
      fileName: takeout
        ? this.takeoutHooks.mediaPath({
            ...row,
            mediaDate: row.media_date,
            fileName: row.file_name,
            contentType: row.content_type,
          })
        : row.file_name,
      title: row.title,
      contentType: row.content_type,
      people: row.people.map(Number),
    }));
    return { items, next: items.length === limit ? items[items.length - 1]!.id : null };
  }
}
