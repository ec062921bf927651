import { useMemo } from 'react';
import useSWR from 'swr';
import type { PeoplePage, PersonSummary } from '@family/contract';
import { getJson } from './api';

const EVERYONE_KEY = '/api/people#everyone';

/** Every page of GET /api/people, as the people directory shows them (a family is at most a few thousand). */
async function fetchEveryone(): Promise<PersonSummary[]> {
  const people: PersonSummary[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const page: PeoplePage = await getJson<PeoplePage>(`/api/people?limit=200${query}`);
    for (const { id, username, displayName, profilePicture } of page.items) {
      people.push({ id, username, displayName, profilePicture });
    }
    cursor = page.nextCursor;
  } while (cursor);
  return people;
}

/**
 * The people a picker offers: the members (`members`, from GET /api/users) and, once loaded, everyone without an
 * account too, so a relative who never signed up can be tagged or related like anyone else. Should the people
 * list fail, the members alone are offered.
 */
export function useEveryone(members: PersonSummary[], enabled = true): PersonSummary[] {
  const { data } = useSWR<PersonSummary[], Error>(enabled ? EVERYONE_KEY : null, fetchEveryone);
  return useMemo(() => {
    if (!data) return members;
    const known = new Set(members.map((person) => person.id));
    const withoutAccount = data.filter((person) => person.username === null && !known.has(person.id));
    return [...members, ...withoutAccount].sort((a, b) => a.displayName.localeCompare(b.displayName));
  }, [members, data]);
}
