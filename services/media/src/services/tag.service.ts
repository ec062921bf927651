import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { MediaTag } from '@family/contract';
import { DirectoryClient, type Identity } from '@family/shared';
import { mapTag } from '../dtos/media.dto';
import { MediaRepository } from '../repositories/media.repository';
import { MediaAccessFactory } from './media-access.service';
import { MediaPresenter } from './media-presenter';

/** docs/rights.md "Media rights": whoever sees an item may tag and untag people on it (a tagged person sees it). */
@Injectable()
export class TagService {
  constructor(
    private readonly media: MediaRepository,
    private readonly access: MediaAccessFactory,
    private readonly presenter: MediaPresenter,
    private readonly directory: DirectoryClient,
  ) {}

  async list(user: Identity, mediaId: number): Promise<MediaTag[]> {
    await this.access.for(user.id).visibleItem(mediaId);
    return this.presenter.tags(mediaId);
  }

  async add(user: Identity, mediaId: number, userId: number): Promise<MediaTag> {
    await this.access.for(user.id).visibleItem(mediaId);
    const people = await this.directory.lookup([userId]);
    if (!people.has(userId)) throw new NotFoundException('This person is not in the family archive.');
    if (!(await this.media.addTag(mediaId, userId))) throw new ConflictException('This person is already tagged');
    return mapTag(userId, people);
  }

  async remove(user: Identity, mediaId: number, userId: number): Promise<void> {
    await this.access.for(user.id).visibleItem(mediaId);
    if (!(await this.media.removeTag(mediaId, userId))) {
      throw new NotFoundException('This person is not tagged in this item.');
    }
  }
}
