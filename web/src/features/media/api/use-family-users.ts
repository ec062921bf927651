import useSWR from 'swr';
import type { PersonSummary } from '@family/contract';
import { useEveryone } from '../../../lib/use-everyone';

/**
 * GET /api/users (the same key the rest of the app uses) and the people without accounts: everyone in the family,
 * for the tag picker.
 */
export function useFamilyUsers() {
  const { data, error, isLoading } = useSWR<PersonSummary[], Error>('/api/users');
  const users = useEveryone(data ?? [], data !== undefined);
  return { users, error, isLoading };
}
