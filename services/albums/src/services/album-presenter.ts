import { Injectable, NotFoundException } from '@nestjs/common';
import type { Album, PersonSummary } from '@family/contract';
import { DirectoryClient } from '@family/shared';
import { mapAlbum } from '../dtos/album.dto';
import { AlbumPreviewsRepository } from '../repositories/album-previews.repository';
import { AlbumRepository, type ListedAlbum } from '../repositories/album.repository';
import { ALBUM_NOT_FOUND } from './album-rights';

export interface PresentOptions {
  /** People already looked up in this request (they must include every creator and member). */
  people?: Map<number, PersonSummary>;
  /** A new album has no items: no need to read its preview. */
  empty?: boolean;
}

/**
 * Builds album responses for any number of albums with a fixed number of calls: one directory lookup for every
 * person shown (none while they are all known), one statement for every album's count and preview (media's table).
 */
@Injectable()
export class AlbumPresenter {
  constructor(
    private readonly albums: AlbumRepository,
    private readonly directory: DirectoryClient,
    private readonly previews: AlbumPreviewsRepository,
  ) {}

  async one(albumId: number, options: PresentOptions = {}): Promise<Album> {
    const album = await this.albums.findListed(albumId);
    if (!album) throw new NotFoundException(ALBUM_NOT_FOUND);
    return (await this.many([album], options))[0];
  }

  async many(albums: ListedAlbum[], options: PresentOptions = {}): Promise<Album[]> {
    if (albums.length === 0) return [];
    const personIds = albums.flatMap((album) => [album.createdBy, ...album.members.map((member) => member.userId)]);
    const [people, summaries] = await Promise.all([
      options.people ?? this.directory.lookup(personIds),
      options.empty ? new Map() : this.previews.summaries(albums.map((album) => album.id)),
    ]);
    return albums.map((album) => mapAlbum(album, people, summaries.get(album.id)));
  }
}
