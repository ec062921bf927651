import { useEffect, useMemo, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type {
  FamilyRelation,
  PeoplePage,
  PersonDetail,
  PersonFields,
  PersonListItem,
  PersonSummary,
  UserProfile,
} from '@family/contract';
import { lifeYearsInWords } from '@family/shared/genealogy';
import { sendJson } from '../api';
import { useCurrentUser } from './current-user';

/**
 * A person as pickers offer them: with their years in words ("1901–1975") where they are known, and whether they
 * are a member (have an account) where the list said so.
 */
export type PickablePerson = PersonSummary & { years?: string | null; hasAccount?: boolean };

/** A row of GET /api/people as a picker offers it. */
export const pickable = (item: PersonListItem): PickablePerson => ({
  id: item.id,
  username: item.username,
  displayName: item.displayName,
  profilePicture: item.profilePicture,
  years: yearsOf(item),
  hasAccount: item.hasAccount,
});

/** "1901–1975", "about 1850 – 1910", "born 1990": a person's years for a list's second line. */
export const yearsOf = (person: Pick<PersonListItem, 'birth' | 'death'>) =>
  lifeYearsInWords(person.birth?.date ?? null, person.death?.date ?? null, person.death !== null);

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

/** GET /api/people/{id}: one person, with or without an account. */
export const personKey = (id: number) => `/api/people/${id}`;

/** GET /api/people/{id}/history: the changes to a person, newest first. */
export const personHistoryKey = (id: number) => `${personKey(id)}/history`;

/** How long a picker waits after a key before it asks: long enough to skip a fast typist's letters between. */
export const PICKER_PAUSE_MS = 150;
/** How many people a picker shows at once: typing more narrows them. */
export const PICKER_LIMIT = 20;

/** GET /api/people for a picker: what was typed (trimmed), members only or everyone. */
export function personSearchKey(text: string, membersOnly = false, limit = PICKER_LIMIT) {
  const params = new URLSearchParams();
  const q = text.trim();
  if (q) params.set('q', q);
  // Before any typing a picker offers the members: they are few, and the ones most often picked.
  if (membersOnly || !q) params.set('members', 'true');
  params.set('limit', String(limit));
  return `/api/people?${params.toString()}`;
}

/**
 * A picker's search (docs/product.md "Pickers"): the server ranks everyone (members first, then by how well the
 * name matches, then by name) and answers the first page, asked for once typing pauses for PICKER_PAUSE_MS. Until
 * the new answer comes the last one stays, so the list does not flicker while typing. `enabled` false asks for
 * nothing (a closed dialog).
 */
export function usePersonSearch(text: string, { membersOnly = false, enabled = true } = {}) {
  const [query, setQuery] = useState(text.trim());
  useEffect(() => {
    const next = text.trim();
    if (next === query) return;
    const timer = setTimeout(() => setQuery(next), PICKER_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, query]);
  const { data, error, isLoading } = useSWR<PeoplePage, Error>(enabled ? personSearchKey(query, membersOnly) : null, {
    keepPreviousData: true,
    // Read again whenever a picker opens (docs/product.md "Fresh lists"): someone just added is there to pick.
    revalidateIfStale: true,
  });
  // The text the answer on screen was for: the query once its own answer is in (SWR's isLoading is for this key).
  const [answeredFor, setAnsweredFor] = useState<string | null>(null);
  useEffect(() => {
    if (data && !isLoading) setAnsweredFor(query);
  }, [data, isLoading, query]);
  const shownFor = data && !isLoading ? query : answeredFor;
  const typed = text.trim();
  // The members offered before typing are no answer to what is typed: "Searching…" rather than the wrong people.
  const outOfPlace = typed !== '' && shownFor === '' && !membersOnly;
  const relatives = useCloseRelatives(enabled && !membersOnly);
  const people = useMemo(
    () => (outOfPlace ? [] : closeOnesFirst((data?.items ?? []).map(pickable), relatives, typed === '')),
    [data, outOfPlace, relatives, typed],
  );
  const searching = enabled && (isLoading || query !== typed);
  return { people, error, searching, answeredFor: shownFor };
}

/** Every list that names people: the members, their profiles, and each people search. */
const isPeopleListKey = (key: unknown) =>
  typeof key === 'string' && (key.startsWith(PEOPLE_KEY) || key.startsWith('/api/people?'));

/**
 * POST /api/people: a person without an account, from the People page or Add Relation. Afterwards
 * (docs/product.md "Fresh lists") the new person's own entry is the answer, their history and every list that
 * names people are read again, so they can be picked at once. The People page's list (an infinite list, which
 * filtered mutate skips) reads itself again when it is shown.
 */
export function useCreatePerson() {
  const { mutate } = useSWRConfig();
  return useSWRMutation('/api/people', async (path: string, { arg }: { arg: PersonFields }) => {
    const person = await sendJson<PersonDetail>('POST', path, arg);
    await mutate(personKey(person.id), person, { revalidate: false });
    await mutate(personHistoryKey(person.id));
    await mutate(isPeopleListKey);
    return person;
  });
}

/**
 * The signed-in person's close relatives: everyone their own tree draws (parents, grandparents, spouse, siblings,
 * children). Read from the tree the web app already asks for (GET /api/family/{me}, the same key), not by the
 * people search, which would otherwise have to ask family on every keystroke.
 */
function useCloseRelatives(enabled: boolean): Map<number, PickablePerson> {
  const { user: me } = useCurrentUser();
  const { data } = useSWR<FamilyRelation[], Error>(enabled && me ? `/api/family/${me.id}` : null);
  return useMemo(() => {
    const relatives = new Map<number, PickablePerson>();
    for (const relation of data ?? []) {
      for (const person of [relation.fromUser, relation.toUser]) {
        if (person.id !== me?.id) relatives.set(person.id, { ...person, hasAccount: person.username !== null });
      }
    }
    return relatives;
  }, [data, me?.id]);
}

/**
 * docs/product.md "Pickers": members and close relatives first, each group in the server's order. Before anything
 * is typed the close relatives follow the members (at most PICKER_LIMIT of them).
 */
export function closeOnesFirst(
  found: PickablePerson[],
  relatives: Map<number, PickablePerson>,
  untyped: boolean,
): PickablePerson[] {
  const rank = (person: PickablePerson) =>
    (person.hasAccount ?? person.username !== null) ? 0 : relatives.has(person.id) ? 1 : 2;
  const ranked = [...found].sort((a, b) => rank(a) - rank(b));
  if (!untyped) return ranked;
  const listed = new Set(ranked.map((person) => person.id));
  const more = [...relatives.values()].filter((person) => !listed.has(person.id)).slice(0, PICKER_LIMIT);
  return [...ranked, ...more];
}
