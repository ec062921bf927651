import useSWR from 'swr';
import { ApiError, getJson } from '../../../lib/api';
import type { User } from '../../../types/api';

export const CURRENT_USER_KEY = '/api/user';

/** GET /api/user; a 401 means nobody is signed in, which is an answer, not an error. */
export async function fetchCurrentUser(path: string = CURRENT_USER_KEY): Promise<User | null> {
  try {
    return await getJson<User>(path);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function useCurrentUser() {
  const { data, error, isLoading, mutate } = useSWR<User | null, Error>(CURRENT_USER_KEY, fetchCurrentUser);
  return {
    user: data ?? null,
    /** True until the first answer (or error) arrives. */
    isLoading: isLoading && data === undefined,
    error,
    retry: () => mutate(),
  };
}
