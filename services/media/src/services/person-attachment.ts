import { Injectable } from '@nestjs/common';
import type { AttachableItem } from '../repositories/media-sql';
import { TagRepository } from '../repositories/tag.repository';
import { AlbumAccessCache } from './album-access.cache';
import type { MediaAccess } from './media-access.service';

/**
 * docs/rights.md "Attaching a person to an item": the one rule that tagging, select many, merging, invites and
 * imports all go through. A tag shows the item to the person tagged, so attaching someone who would not see it
 * otherwise (it is in an album they do not see, and not theirs) takes the right to edit the item. Their album
 * rights are asked once, and only when an item is in an album.
 */
@Injectable()
export class PersonAttachment {
  constructor(
    private readonly albumAccess: AlbumAccessCache,
    private readonly tags: TagRepository,
  ) {}

  /**
   * Tags people on an item on `actor`'s word (an import's files): confirmed where the rule allows it, else
   * waiting for an editor's confirmation. How many tags are new.
   */
  async attach(actor: MediaAccess, item: AttachableItem, personIds: number[]): Promise<number> {
    const tags: Array<{ userId: number; confirmed: boolean }> = [];
    for (const userId of new Set(personIds)) {
      tags.push({ userId, confirmed: (await this.refusedItems(actor, userId, [item])).length === 0 });
    }
    return this.tags.insertTags(item.id, tags);
  }

  /**
   * The ids of the items on which `editor` may not show the item to `personId`: the single route refuses them,
   * a merge or an invite leaves the tag there waiting for an editor.
   */
  async refusedItems(editor: MediaAccess, personId: number, items: AttachableItem[]): Promise<number[]> {
    const theirAlbums = this.albumAccess.lazy(personId);
    const refused: number[] = [];
    for (const item of items) {
      if (item.albumId === null || item.userId === personId) continue;
      // The editor first: an importer's or uploader's word needs no call to albums.
      if (await editor.canEdit(item)) continue;
      if ((await theirAlbums()).visible.includes(item.albumId)) continue;
      refused.push(item.id);
    }
    return refused;
  }
}
