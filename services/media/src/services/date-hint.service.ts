import { Injectable } from '@nestjs/common';
import type { MediaDateBound, MediaDateHint } from '@family/contract';
import { DirectoryClient, genealogicalSpan, type Identity, personName, yearInWords } from '@family/shared';
import { TagRepository } from '../repositories/tag.repository';
import { MediaAccessFactory } from './media-access.service';

/**
 * GET /api/media/{id}/date-hint (docs/product.md "Uncertain dates"): the people tagged in an item bound its date
 * by their lives, no earlier than the latest birth among them and no later than the earliest death. Their births
 * and deaths come in one batched directory call.
 */
@Injectable()
export class DateHintService {
  constructor(
    private readonly access: MediaAccessFactory,
    private readonly tags: TagRepository,
    private readonly directory: DirectoryClient,
  ) {}

  async hint(user: Identity, id: number): Promise<MediaDateHint> {
    await this.access.for(user.id).visibleItem(id);
    const tagged = (await this.tags.tagsOf([id])).filter((tag) => tag.confirmed).map((tag) => tag.userId);
    const people = await this.directory.lookupPeople(tagged);
    let after: MediaDateBound | null = null;
    let before: MediaDateBound | null = null;
    for (const id of tagged) {
      const person = people.get(id);
      if (!person) continue;
      // Born at the earliest on the first day of the birth's span; died at the latest on its last.
      const born = person.birth?.date ? genealogicalSpan(person.birth.date).earliest : null;
      if (born && (!after || born > after.day)) {
        after = { day: born, year: yearInWords(person.birth!.date!), person: personName(id, people) };
      }
      const died = person.death?.date ? genealogicalSpan(person.death.date).latest : null;
      if (died && (!before || died < before.day)) {
        before = { day: died, year: yearInWords(person.death!.date!), person: personName(id, people) };
      }
    }
    return { after, before };
  }
}
