import { Injectable } from '@nestjs/common';
import type { AlbumAccess, ExportScope, PersonDetail, TakeoutAlbum, TakeoutMemory } from '@family/contract';
import { AlbumsClient, ProfileClient } from '@family/shared/clients';

const PEOPLE_PAGE = 2000;
const PAGE = 1000;

/**
 * What an export needs from the other services, read by internal calls in pages (docs/architecture.md "Internal
 * calls"): people and memories and pictures from profile, albums from albums (the family's part is a job:
 * family-part.ts).
 */
@Injectable()
export class TakeoutSources {
  constructor(
    private readonly profile: ProfileClient,
    private readonly albums: AlbumsClient,
  ) {}

  async people(): Promise<PersonDetail[]> {
    return this.pages((after) => this.profile.everyone(after, PEOPLE_PAGE));
  }

  async memories(userId: number, scope: ExportScope): Promise<TakeoutMemory[]> {
    return this.pages((after) => this.profile.takeoutMemories(after, PAGE, scope === 'mine' ? userId : undefined));
  }

  async albumList(userId: number, scope: ExportScope): Promise<TakeoutAlbum[]> {
    return this.pages((after) => this.albums.takeoutAlbums(userId, scope, after, PAGE));
  }

  albumAccess(userId: number): Promise<AlbumAccess> {
    return this.albums.albumAccess(userId);
  }

  /** A person's profile picture as stored (a 512 px WebP, tens of kB), or null when they have none. */
  picture(personId: number): Promise<Buffer | null> {
    return this.profile.takeoutPicture(personId);
  }

  private async pages<T>(read: (after: number) => Promise<{ items: T[]; next: number | null }>): Promise<T[]> {
    const all: T[] = [];
    let after = 0;
    for (;;) {
      const page = await read(after);
      all.push(...page.items);
      if (page.next === null) return all;
      after = page.next;
    }
  }
}
