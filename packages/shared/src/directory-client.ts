import type { PersonListItem, PersonName, PersonSummary } from '@family/contract';
import { ChangeAwareCache } from './change-cache';
import { InternalClient } from './internal-client';

/** A safety net only: profile announces every change of a person (docs/architecture.md "Caches"). */
const PEOPLE_CACHE_MS = 60_000;

/**
 * Resolves user ids to people through the profile service: one batched call per request, never one per row.
 * Given the current generation of the people data (`peopleGeneration`), it keeps the people it found and asks
 * profile only for the others, so a list of known people makes no call at all.
 */
export class DirectoryClient {
  private readonly members = new ChangeAwareCache<number, PersonSummary>(PEOPLE_CACHE_MS);
  private readonly people = new ChangeAwareCache<number, PersonListItem>(PEOPLE_CACHE_MS);

  constructor(
    private readonly client: InternalClient,
    private readonly profileUrl: string,
    private readonly peopleGeneration?: () => Promise<string>,
  ) {}

  /** People as lists and media show them (name, username, picture). */
  lookup(ids: Iterable<number>): Promise<Map<number, PersonSummary>> {
    return this.cachedLookup(ids, this.members, '/internal/users/lookup');
  }

  /** People with their names' parts, sex, birth and death, as the family tree draws them. */
  lookupPeople(ids: Iterable<number>): Promise<Map<number, PersonListItem>> {
    return this.cachedLookup(ids, this.people, '/internal/people/lookup');
  }

  private async cachedLookup<P extends PersonSummary>(
    ids: Iterable<number>,
    cache: ChangeAwareCache<number, P>,
    route: string,
  ): Promise<Map<number, P>> {
    const unique = [...new Set(ids)].filter((id) => Number.isSafeInteger(id));
    if (unique.length === 0) return new Map();
    const generation = this.peopleGeneration ? await this.peopleGeneration() : undefined;
    const found = new Map<number, P>();
    const missing: number[] = [];
    for (const id of unique) {
      const person = generation === undefined ? undefined : cache.get(id, generation);
      if (person) found.set(id, person);
      else missing.push(id);
    }
    if (missing.length === 0) return found;
    const answered = await this.client.call<P[]>({ name: 'profile', url: this.profileUrl }, 'POST', route, {
      body: { ids: missing },
    });
    for (const person of answered) {
      found.set(person.id, person);
      if (generation !== undefined) cache.set(person.id, generation, person);
    }
    return found;
  }

  /** One person, or null when nobody has that id. */
  async find(id: number): Promise<PersonSummary | null> {
    return (await this.lookup([id])).get(id) ?? null;
  }
}

/** How media items and albums name a looked-up person; someone who has left the archive still needs a name. */
export function personName(id: number, people: Map<number, PersonSummary>): PersonName {
  const person = people.get(id);
  if (!person) return { id, displayName: 'Former family member', username: '' };
  return { id: person.id, displayName: person.displayName, username: person.username };
}
