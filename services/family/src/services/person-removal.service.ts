import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { PersonDetail, PersonSummary } from '@family/contract';
import type { Identity } from '@family/shared';
import { MediaClient, ProfileClient } from '@family/shared/clients';
import { RelationService } from './relation.service';

const NOT_FOUND = 'This person is not in the family archive.';

/**
 * A person without an account deleted, or a duplicate folded into another. Three services hold a part: media the
 * tags, family the ties, profile the person (and auth their id, through profile). Family runs both, because it is
 * the one that may call media and profile without either calling back (docs/architecture.md "Who calls whom"),
 * and its own refusals (the family rules of a merge) must come before anything moves. Every step is idempotent,
 * so a deletion or merge cut short finishes when asked again.
 */
@Injectable()
export class PersonRemovalService {
  constructor(
    private readonly relations: RelationService,
    private readonly profile: ProfileClient,
    private readonly media: MediaClient,
  ) {}

  /** Refused while the person has an account, is tagged in media or has an open invite; then the profile, then ties. */
  async delete(id: number): Promise<void> {
    const person = await this.person(id);
    if (!person) {
      // A deletion cut short after profile's part: the ties that stayed behind go now.
      await this.relations.purge(id);
      throw new NotFoundException(NOT_FOUND);
    }
    if (person.username !== null) {
      throw new ConflictException(`${person.displayName} has an account; only they can delete it.`);
    }
    const { count } = await this.media.tagCount(id);
    if (count > 0) {
      throw new ConflictException(
        `${person.displayName} is tagged in ${count === 1 ? 'one item' : `${count} items`}. Remove the tags first.`,
      );
    }
    // Profile refuses while an invite is open (it asks auth), before anything of the person goes.
    await this.profile.deletePerson(id);
    await this.relations.purge(id);
  }

  /**
   * The ties move first (or the whole merge is refused by the family rules), then the tags (those the merger may
   * not vouch for wait for an editor: docs/rights.md "Attaching a person to an item"), then profile fills the
   * missing fields, moves the memories and removes the duplicate. Answers the person kept.
   */
  async merge(user: Identity, id: number, intoId: number): Promise<PersonDetail> {
    if (id === intoId) throw new BadRequestException('A person cannot be merged into themselves.');
    const source = await this.person(id);
    if (!source) throw new NotFoundException(NOT_FOUND);
    if (source.username !== null) {
      throw new ConflictException(`${source.displayName} has an account and cannot be merged into someone else.`);
    }
    const target = await this.person(intoId);
    if (!target) throw new NotFoundException(NOT_FOUND);
    await this.relations.merge(id, intoId, target.displayName);
    await this.media.mergeTags(id, { intoId, actingUserId: user.id });
    return this.profile.mergePerson(id, intoId, user.id);
  }

  /** The person as profile knows them now (not a kept copy: they may have just been merged or deleted). */
  private async person(id: number): Promise<PersonSummary | undefined> {
    const [person] = await this.profile.existingPeople([id]);
    return person?.id === id ? person : undefined;
  }
}
