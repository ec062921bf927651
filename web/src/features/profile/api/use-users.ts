import useSWR from 'swr';
import type { PersonSummary } from '@family/contract';

export const USERS_KEY = '/api/users';

/** GET /api/users: everyone in the family, for pickers and names. */
export function useUsers() {
  const { data, error, isLoading } = useSWR<PersonSummary[], Error>(USERS_KEY);
  return { users: data ?? [], error, isLoading };
}
