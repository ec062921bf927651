import { InternalClient } from './internal-client';

/** What the rest of the system shows of a person. */
export interface UserSummary {
  id: number;
  username: string;
  displayName: string;
  profilePicture: string | null;
}

/**
 * Resolves user ids to people through the profile service: one batched call per request, never one per row.
 */
export class DirectoryClient {
  constructor(
    private readonly client: InternalClient,
    private readonly profileUrl: string,
  ) {}

  async lookup(ids: Iterable<number>): Promise<Map<number, UserSummary>> {
    const unique = [...new Set(ids)].filter((id) => Number.isSafeInteger(id));
    if (unique.length === 0) return new Map();
    const users = await this.client.call<UserSummary[]>(
      { name: 'profile', url: this.profileUrl },
      'POST',
      '/internal/users/lookup',
      { body: { ids: unique } },
    );
    return new Map(users.map((user) => [user.id, user]));
  }

  /** One person, or null when nobody has that id. */
  async find(id: number): Promise<UserSummary | null> {
    return (await this.lookup([id])).get(id) ?? null;
  }
}
