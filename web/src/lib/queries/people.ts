import { useMemo } from 'react';
import useSWR from 'swr';
import type { PeoplePage, PersonSummary, UserProfile } from '@family/contract';
import { getJson } from '../api';

/** GET /api/users: everyone in the family. One key, so every picker and name list shares one request and entry. */
export const PEOPLE_KEY = '/api/users';

/** GET /api/users/{id}: one person's whole profile (their profile page and their media pages share it). */
export const userProfileKey = (id: number) => `${PEOPLE_KEY}/${id}`;

/** Everyone in the family, for pickers and names; `enabled` false asks for nothing (a closed dialog). */
export function usePeople(enabled = true) {
  const { data, error, isLoading } = useSWR<PersonSummary[], Error>(enabled ? PEOPLE_KEY : null);
  return { people: data ?? [], error, isLoading: isLoading && !data };
}

/** One person's profile; null asks for nothing. */
export function useUserProfile(id: number | null) {
  const { data, error, isLoading, mutate } = useSWR<UserProfile, Error>(id === null ? null : userProfileKey(id));
  return { user: data, error, isLoading, retry: () => mutate() };
}

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

/** Everyone a picker offers (tagging, relations): the members and the people without accounts. */
export function usePeopleToPick(enabled = true) {
  const { people: members, error, isLoading } = usePeople(enabled);
  const people = useEveryone(members, enabled && !isLoading);
  return { people, error, isLoading };
}
