import useSWR from 'swr';
import type { PersonSummary } from '@family/contract';
import { useEveryone } from '../../../lib/use-everyone';

/** The same key as the profile feature's people list, so both share one request and one cache entry. */
export const PEOPLE_KEY = '/api/users';

/** GET /api/users and the people without accounts: everyone in the family, to choose a relative from. */
export function useFamilyPeople(enabled = true) {
  const { data, error, isLoading } = useSWR<PersonSummary[], Error>(enabled ? PEOPLE_KEY : null);
  const people = useEveryone(data ?? [], enabled && data !== undefined);
  return { people, error, isLoading };
}
