import useSWR from 'swr';
import type { PersonSummary } from '@family/contract';

/** GET /api/users: everyone in the family, for the tag picker (the same key the rest of the app uses). */
export function useFamilyUsers() {
  const { data, error, isLoading } = useSWR<PersonSummary[], Error>('/api/users');
  return { users: data ?? [], error, isLoading };
}
