import useSWR from 'swr';
import type { UserProfile } from '@family/contract';
import { ApiError, getJson } from '../../../lib/api';

export const CURRENT_USER_KEY = '/api/user';

/** GET /api/user; a 401 means nobody is signed in, which is an answer, not an error. */
export async function fetchCurrentUser(path: string = CURRENT_USER_KEY): Promise<UserProfile | null> {
  try {
    return await getJson<UserProfile>(path);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function useCurrentUser() {
  const { data, error, isLoading, mutate } = useSWR<UserProfile | null, Error>(CURRENT_USER_KEY, fetchCurrentUser);
  return {
    user: data ?? null,
    /** True until the first answer (or error) arrives. */
    isLoading: isLoading && data === undefined,
    error,
    retry: () => mutate(),
  };
}
