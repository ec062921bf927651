import useSWR from 'swr';
import type { UserProfile } from '@family/contract';

/** GET /api/users/{id}: another person's profile. */
export function useUser(id: number | null) {
  const { data, error, isLoading, mutate } = useSWR<UserProfile, Error>(id === null ? null : `/api/users/${id}`);
  return { user: data, error, isLoading, retry: () => mutate() };
}
