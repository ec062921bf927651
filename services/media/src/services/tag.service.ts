import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import type { MediaTag } from '@family/contract';
import { DirectoryClient, type Identity } from '@family/shared';
import { NotificationOutbox } from '@family/shared/nest';
import { mapTag } from '../dtos/media.dto';
import { TagRepository } from '../repositories/tag.repository';
import { MediaAccessFactory } from './media-access.service';
import { MediaPresenter } from './media-presenter';
import { PersonAttachment } from './person-attachment';

export const TAG_OUTSIDER_FORBIDDEN = 'Only those who may edit this item can show it to someone outside its album';
export const PERSON_NOT_FOUND = 'This person is not in the family archive.';
export const ALREADY_TAGGED = 'This person is already tagged';

/** docs/rights.md "Media rights": whoever sees an item may tag and untag people on it (a tagged person sees it). */
@Injectable()
export class TagService {
  constructor(
    private readonly tags: TagRepository,
    private readonly access: MediaAccessFactory,
    private readonly presenter: MediaPresenter,
    private readonly directory: DirectoryClient,
    private readonly attachment: PersonAttachment,
    private readonly outbox: NotificationOutbox,
  ) {}

  async list(user: Identity, mediaId: number): Promise<MediaTag[]> {
    await this.access.for(user.id).visibleItem(mediaId);
    return this.presenter.tags(mediaId);
  }

  /**
   * A tagged person always sees the item, so tagging someone who cannot see it yet widens its audience: that
   * takes the right to edit the item, not only to see it. Tagging someone whose tag waits for confirmation
   * confirms it, by the same right.
   */
  async add(user: Identity, mediaId: number, userId: number): Promise<MediaTag> {
    const access = this.access.for(user.id);
    const item = await access.visibleItem(mediaId);
    const people = await this.directory.lookup([userId]);
    if (!people.has(userId)) throw new NotFoundException(PERSON_NOT_FOUND);
    if ((await this.attachment.refusedItems(access, userId, [item])).length > 0) {
      throw new ForbiddenException(TAG_OUTSIDER_FORBIDDEN);
    }
    if (!(await this.tags.addTag(mediaId, userId))) throw new ConflictException(ALREADY_TAGGED);
    await this.outbox.send([{ recipientId: userId, kind: 'tagged', actorId: user.id, subjectId: mediaId }]);
    return mapTag(userId, people);
  }

  async remove(user: Identity, mediaId: number, userId: number): Promise<void> {
    await this.access.for(user.id).visibleItem(mediaId);
    if (!(await this.tags.removeTag(mediaId, userId))) {
      throw new NotFoundException('This person is not tagged in this item.');
    }
  }
}
