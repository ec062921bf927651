import useSWR from 'swr';
import type { PersonSummary, UserProfile } from '@family/contract';

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
