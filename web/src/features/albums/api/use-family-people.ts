import useSWR from 'swr';
import type { PersonSummary } from '@family/contract';

/** The same key as the other features' people lists, so all share one request and one cache entry. */
export const PEOPLE_KEY = '/api/users';

/** GET /api/users: everyone in the family, to choose a new album member from. */
export function useFamilyPeople(enabled = true) {
  const { data, error, isLoading } = useSWR<PersonSummary[], Error>(enabled ? PEOPLE_KEY : null);
  return { people: data ?? [], error, isLoading: isLoading && !data };
}
