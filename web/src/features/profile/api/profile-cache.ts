import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { UserProfile } from '@family/contract';
import { USERS_KEY } from './use-users';

/** GET /api/user, the signed-in person (served by the profile service; the session is read from it). */
export const CURRENT_USER_KEY = '/api/user';

export const userKey = (id: number) => `/api/users/${id}`;

/** After an edit: the answer becomes the signed-in person everywhere it is shown, without asking again. */
export function useStoreUpdatedUser() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (user: UserProfile) => {
      await mutate(CURRENT_USER_KEY, user, { revalidate: false });
      await mutate(userKey(user.id), user, { revalidate: false });
      // Names and pictures in the people list may have changed.
      await mutate(USERS_KEY);
    },
    [mutate],
  );
}
