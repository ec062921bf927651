import { Injectable } from '@nestjs/common';
import type { MediaItem, MediaTag } from '@family/contract';
import { DirectoryClient } from '@family/shared';
import { mapMediaItem, mapTag } from '../dtos/media.dto';
import type { MediaItemEntity } from '../entities/media-item.entity';
import { MediaRepository } from '../repositories/media.repository';

/**
 * Turns items into what the web app sees: their tags from one query, and every person shown (uploaders and
 * tagged people) from ONE directory lookup per request.
 */
@Injectable()
export class MediaPresenter {
  constructor(
    private readonly media: MediaRepository,
    private readonly directory: DirectoryClient,
  ) {}

  async items(items: MediaItemEntity[]): Promise<MediaItem[]> {
    if (items.length === 0) return [];
    const tags = await this.media.tagsOf(items.map((item) => item.id));
    const tagged = new Map<number, number[]>();
    for (const tag of tags) {
      const list = tagged.get(tag.mediaId) ?? [];
      list.push(tag.userId);
      tagged.set(tag.mediaId, list);
    }
    const people = await this.directory.lookup([...items.map((item) => item.userId), ...tags.map((tag) => tag.userId)]);
    return items.map((item) => mapMediaItem(item, tagged.get(item.id) ?? [], people));
  }

  async item(item: MediaItemEntity): Promise<MediaItem> {
    return (await this.items([item]))[0];
  }

  async tags(mediaId: number): Promise<MediaTag[]> {
    const tags = await this.media.tagsOf([mediaId]);
    const people = await this.directory.lookup(tags.map((tag) => tag.userId));
    return tags.map((tag) => mapTag(tag.userId, people));
  }
}
