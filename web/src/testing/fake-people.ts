import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { PeoplePage, PersonListItem, PersonSummary } from '@family/contract';
import { fakeResponse, type FetchCall } from './fake-fetch';

/** A person of the people list from a summary: a member when they have a username. */
export const listItem = (
  person: Omit<PersonSummary, 'profilePicture'> & { profilePicture?: string | null },
  extra: Partial<PersonListItem> = {},
): PersonListItem => ({
  ...person,
  profilePicture: person.profilePicture ?? null,
  hasAccount: person.username !== null,
  givenName: null,
  surname: null,
  sex: 'U',
  birth: null,
  death: null,
  living: true,
  ...extra,
});

/**
 * GET /api/people?q=&members=&limit= answered as the profile service does (docs/api.md "People"): members first,
 * then a display name that begins with the text, then a name that does, then the rest, each by name. Answers
 * null for any other call, so a test's own stub goes on.
 */
export function answerPeopleSearch(call: FetchCall, people: PersonListItem[]): Response | null {
  if (call.method !== 'GET' || !call.url.startsWith('/api/people?')) return null;
  const params = new URL(call.url, 'http://archive.test').searchParams;
  const q = (params.get('q') ?? '').toLowerCase();
  const limit = Number(params.get('limit') ?? 50);
  const rank = (person: PersonListItem) => {
    const names = [person.displayName, person.givenName, person.surname, person.username]
      .filter(Boolean)
      .join(' ')
      .toLowerCase();
    if (!names.includes(q)) return null;
    const match = person.displayName.toLowerCase().startsWith(q) ? 0 : ` ${names}`.includes(` ${q}`) ? 1 : 2;
    return [person.hasAccount ? 0 : 1, q ? match : 0] as const;
  };
  const found = people
    .filter((person) => params.get('members') !== 'true' || person.hasAccount)
    .map((person) => ({ person, key: rank(person) }))
    .filter((row): row is { person: PersonListItem; key: readonly [0 | 1, 0 | 1 | 2] } => row.key !== null)
    .sort(
      (a, b) =>
        (q ? a.key[0] - b.key[0] || a.key[1] - b.key[1] : 0) ||
        a.person.displayName.localeCompare(b.person.displayName),
    )
    .map((row) => row.person);
  const page: PeoplePage = { items: found.slice(0, limit), nextCursor: found.length > limit ? 'more' : null };
  return fakeResponse(200, page);
}

/** Types into a person picker, waits for the person among its options and picks them, as a person would. */
export async function pickPerson(user: UserEvent, label: string, typed: string, name: string | RegExp) {
  const field = screen.getByRole('combobox', { name: label });
  await user.clear(field);
  await user.type(field, typed);
  await user.click(await screen.findByRole('option', { name }));
}
