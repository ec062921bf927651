import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { UserProfile, UserRole } from '@family/contract';
import { ApiError, errorCode, getJson } from '../api';

/** GET /api/user: the signed-in person, read by every feature and set by signing in and by profile edits. */
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
    /**
     * Signed in, but the archive requires two-step sign-in and it is not set up yet: every route but its setup
     * answers 403 `second_factor_setup_required` (docs/rights.md "Two-step sign-in").
     */
    setUpSecondFactor: !data && errorCode(error) === 'second_factor_setup_required',
    /** True until the first answer (or error) arrives. */
    isLoading: isLoading && data === undefined,
    error,
    retry: () => mutate(),
  };
}

/** GET /api/user/role: whether the signed-in person is an admin (the menu then links the operator's page). */
export function useUserRole(signedIn: boolean) {
  const { data, isLoading } = useSWR<UserRole, Error>(signedIn ? '/api/user/role' : null, (path: string) =>
    getJson<UserRole>(path),
  );
  return { admin: data?.admin === true, isLoading: isLoading && data === undefined };
}

/** Makes `user` the signed-in person everywhere it is shown, without asking the server again. */
export function useStoreCurrentUser() {
  const { mutate } = useSWRConfig();
  return useCallback((user: UserProfile) => mutate(CURRENT_USER_KEY, user, { revalidate: false }), [mutate]);
}

/**
 * After logging out or deleting the account: forget everything cached for this person (a family computer is
 * shared) and set the current user to none, so the auth screen shows.
 */
export function useForgetSession() {
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    await mutate((key) => key !== CURRENT_USER_KEY, undefined, { revalidate: false });
    await mutate(CURRENT_USER_KEY, null, { revalidate: false });
  }, [mutate]);
}
