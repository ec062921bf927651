import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import type { AlbumAccess, MediaTag } from '@family/contract';
import { DirectoryClient, type Identity } from '@family/shared';
import { mapTag } from '../dtos/media.dto';
import type { MediaItemEntity } from '../entities/media-item.entity';
import { MediaRepository } from '../repositories/media.repository';
import { AlbumAccessClient } from './album-access.client';
import { MediaAccessFactory } from './media-access.service';
import { MediaPresenter } from './media-presenter';

export const TAG_OUTSIDER_FORBIDDEN = 'Only those who may edit this item can show it to someone outside its album';
export const PERSON_NOT_FOUND = 'This person is not in the family archive.';
export const ALREADY_TAGGED = 'This person is already tagged';

/**
 * Whether tagging the person widens who sees the item: it is in an album they do not see, and not theirs
 * (docs/rights.md "Media rights"). `theirAlbums` is asked only when the item is in an album.
 */
export async function tagWidensAudience(
  item: Pick<MediaItemEntity, 'albumId' | 'userId'>,
  userId: number,
  theirAlbums: () => Promise<AlbumAccess>,
): Promise<boolean> {
  if (item.albumId === null || item.userId === userId) return false;
  return !(await theirAlbums()).visible.includes(item.albumId);
}

/** docs/rights.md "Media rights": whoever sees an item may tag and untag people on it (a tagged person sees it). */
@Injectable()
export class TagService {
  constructor(
    private readonly media: MediaRepository,
    private readonly access: MediaAccessFactory,
    private readonly presenter: MediaPresenter,
    private readonly directory: DirectoryClient,
    private readonly albumAccess: AlbumAccessClient,
  ) {}

  async list(user: Identity, mediaId: number): Promise<MediaTag[]> {
    await this.access.for(user.id).visibleItem(mediaId);
    return this.presenter.tags(mediaId);
  }

  /**
   * A tagged person always sees the item, so tagging someone who cannot see it yet widens its audience: that
   * takes the right to edit the item, not only to see it.
   */
  async add(user: Identity, mediaId: number, userId: number): Promise<MediaTag> {
    const access = this.access.for(user.id);
    const item = await access.visibleItem(mediaId);
    const people = await this.directory.lookup([userId]);
    if (!people.has(userId)) throw new NotFoundException(PERSON_NOT_FOUND);
    const widens = await tagWidensAudience(item, userId, () => this.albumAccess.forUser(userId));
    if (widens && !(await access.canEdit(item))) {
      throw new ForbiddenException(TAG_OUTSIDER_FORBIDDEN);
    }
    if (!(await this.media.addTag(mediaId, userId))) throw new ConflictException(ALREADY_TAGGED);
    return mapTag(userId, people);
  }

  async remove(user: Identity, mediaId: number, userId: number): Promise<void> {
    await this.access.for(user.id).visibleItem(mediaId);
    if (!(await this.media.removeTag(mediaId, userId))) {
      throw new NotFoundException('This person is not tagged in this item.');
    }
  }
}
