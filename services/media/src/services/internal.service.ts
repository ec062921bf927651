import { Inject, Injectable, Logger } from '@nestjs/common';
import { MediaItemRepository } from '../repositories/media-item.repository';
import { NotificationRepository } from '../repositories/notification.repository';
import { TagRepository } from '../repositories/tag.repository';
import { MediaAccessFactory } from './media-access.service';
import { PersonAttachment } from './person-attachment';
import { MediaPurger, PURGE_BATCH } from './media-purger';
import { TAKEOUT_HOOKS, type TakeoutHooks } from './takeout-hooks';

/** What the other services ask of media: account purges, merges, invites' tags and deleted albums. */
@Injectable()
export class InternalMediaService {
  private readonly logger = new Logger(InternalMediaService.name);

  constructor(
    private readonly items: MediaItemRepository,
    private readonly tags: TagRepository,
    private readonly access: MediaAccessFactory,
    private readonly attachment: PersonAttachment,
    private readonly purger: MediaPurger,
    private readonly notifications: NotificationRepository,
    @Inject(TAKEOUT_HOOKS) private readonly takeout: TakeoutHooks,
  ) {}

  /** Asked before a person without an account is deleted: a tagged person stays. */
  async tagCount(userId: number): Promise<{ count: number }> {
    return { count: await this.tags.tagCount(userId) };
  }

  /**
   * A person is folded into another (profile): their tags move, and those that would show `intoId` an item only
   * the acting person's word vouches for, on an item they may not edit, wait for confirmation (docs/rights.md
   * "Attaching a person to an item"). Idempotent.
   */
  async mergePerson(userId: number, intoId: number, actingUserId: number): Promise<void> {
    const items = await this.tags.taggedItemsOf(userId);
    const held = await this.attachment.refusedItems(this.access.for(actingUserId), intoId, items);
    await this.tags.moveTags(userId, intoId, held);
  }

  /**
   * An invite is about to make the person a member: the inviter's word says who they are, so their tags on items
   * the inviter may not edit, and that would show them the item, wait for confirmation. Idempotent.
   */
  async holdTagsForNewAccount(personId: number, invitedBy: number): Promise<void> {
    const items = (await this.tags.taggedItemsOf(personId)).filter((item) => item.confirmed);
    await this.tags.holdTags(personId, await this.attachment.refusedItems(this.access.for(invitedBy), personId, items));
  }

  /**
   * An account is being deleted (docs/architecture.md "Work across services"): its uploads, in the archive and in
   * the trash alike, go at once with their files, its tags on other people's items, the notifications sent to it, and its takeout imports and
   * exports.
   * Batch by batch; files go before rows, so a failure half-way is finished by a retry.
   */
  async purgeUser(userId: number): Promise<void> {
    await this.purger.purgeAll(() => this.items.uploadsBatch(userId, false, PURGE_BATCH));
    await this.purger.purgeAll(() => this.items.uploadsBatch(userId, true, PURGE_BATCH));
    await this.tags.removeTagsOfUser(userId);
    await this.notifications.deleteOf(userId);
    await this.takeout.purgeUser(userId);
    this.logger.log(`Purged the media of user ${userId}`);
  }
}
