import { Injectable } from '@nestjs/common';
import type { Album, PersonSummary } from '@family/contract';
import { DirectoryClient } from '@family/shared';
import { mapAlbum } from '../dtos/album.dto';
import type { AlbumMemberEntity } from '../entities/album-member.entity';
import type { AlbumEntity } from '../entities/album.entity';
import { AlbumRepository } from '../repositories/album.repository';
import { MediaClient } from './media.client';

export interface PresentOptions {
  /** People already looked up in this request (they must include every creator and member). */
  people?: Map<number, PersonSummary>;
  /** A new album has no items: no need to ask the media service. */
  empty?: boolean;
}

/**
 * Builds album responses for any number of albums with a fixed number of calls: one query for the members,
 * one directory lookup for every person shown, one media call for every album's count and preview.
 */
@Injectable()
export class AlbumPresenter {
  constructor(
    private readonly albums: AlbumRepository,
    private readonly directory: DirectoryClient,
    private readonly media: MediaClient,
  ) {}

  async one(album: AlbumEntity, options: PresentOptions = {}): Promise<Album> {
    return (await this.many([album], options))[0];
  }

  async many(albums: AlbumEntity[], options: PresentOptions = {}): Promise<Album[]> {
    if (albums.length === 0) return [];
    const albumIds = albums.map((album) => album.id);
    const members = await this.albums.membersOf(albumIds);
    const membersByAlbum = new Map<number, AlbumMemberEntity[]>();
    for (const member of members) {
      const list = membersByAlbum.get(member.albumId) ?? [];
      list.push(member);
      membersByAlbum.set(member.albumId, list);
    }
    const personIds = [...albums.map((album) => album.createdBy), ...members.map((member) => member.userId)];
    const [people, summaries] = await Promise.all([
      options.people ?? this.directory.lookup(personIds),
      options.empty ? new Map() : this.media.summaries(albumIds),
    ]);
    return albums.map((album) => mapAlbum(album, membersByAlbum.get(album.id) ?? [], people, summaries.get(album.id)));
  }
}
