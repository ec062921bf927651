import type { PersonName, PersonSummary } from '@family/contract';
import { InternalClient } from './internal-client';

/**
 * Resolves user ids to people through the profile service: one batched call per request, never one per row.
 */
export class DirectoryClient {
  constructor(
    private readonly client: InternalClient,
    private readonly profileUrl: string,
  ) {}

  async lookup(ids: Iterable<number>): Promise<Map<number, PersonSummary>> {
    const unique = [...new Set(ids)].filter((id) => Number.isSafeInteger(id));
    if (unique.length === 0) return new Map();
    const users = await this.client.call<PersonSummary[]>(
      { name: 'profile', url: this.profileUrl },
      'POST',
      '/internal/users/lookup',
      { body: { ids: unique } },
    );
    return new Map(users.map((user) => [user.id, user]));
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
