import { Injectable } from '@nestjs/common';
import type { MediaItem, MediaTag } from '@family/contract';
import { DirectoryClient } from '@family/shared';
import { mapMediaItem, mapTag, type PresentedItem } from '../dtos/media.dto';
import type { MediaItemEntity } from '../entities/media-item.entity';
import type { ItemWithTags } from '../repositories/media-list.repository';
import { TagRepository } from '../repositories/tag.repository';

/**
 * Turns items into what the web app sees: their tags (read with a list's page, else from one query), and every
 * person shown (uploaders and tagged people) from ONE directory lookup per request.
 */
@Injectable()
export class MediaPresenter {
  constructor(
    private readonly mediaTags: TagRepository,
    private readonly directory: DirectoryClient,
  ) {}

  /** Items read with their tags (the lists) need no query for them; others get theirs in one. */
  async items(items: Array<PresentedItem | ItemWithTags>): Promise<MediaItem[]> {
    if (items.length === 0) return [];
    const tagged = new Map<number, number[]>();
    const untagged = items.filter((item) => !('taggedUserIds' in item));
    for (const item of items) if ('taggedUserIds' in item) tagged.set(item.id, item.taggedUserIds);
    if (untagged.length > 0) {
      for (const tag of await this.mediaTags.tagsOf(untagged.map((item) => item.id))) {
        // An item names whom it shows: a tag waiting for confirmation is only in the item's tag list.
        if (!tag.confirmed) continue;
        const list = tagged.get(tag.mediaId) ?? [];
        list.push(tag.userId);
        tagged.set(tag.mediaId, list);
      }
    }
    const people = await this.directory.lookup([...items.map((item) => item.userId), ...[...tagged.values()].flat()]);
    return items.map((item) => mapMediaItem(item, tagged.get(item.id) ?? [], people));
  }

  async item(item: MediaItemEntity): Promise<MediaItem> {
    return (await this.items([item]))[0];
  }

  async tags(mediaId: number): Promise<MediaTag[]> {
    const tags = await this.mediaTags.tagsOf([mediaId]);
    const people = await this.directory.lookup(tags.map((tag) => tag.userId));
    return tags.map((tag) => mapTag(tag.userId, people, tag.confirmed));
  }
}
