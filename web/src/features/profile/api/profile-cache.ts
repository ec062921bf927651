import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { UserProfile } from '@family/contract';
import { useStoreCurrentUser } from '../../../lib/queries/current-user';
import { PEOPLE_KEY, userProfileKey } from '../../../lib/queries/people';

/** After an edit: the answer becomes the signed-in person everywhere it is shown, without asking again. */
export function useStoreUpdatedUser() {
  const { mutate } = useSWRConfig();
  const storeCurrentUser = useStoreCurrentUser();
  return useCallback(
    async (user: UserProfile) => {
      await storeCurrentUser(user);
      await mutate(userProfileKey(user.id), user, { revalidate: false });
      // Names and pictures in the people list may have changed.
      await mutate(PEOPLE_KEY);
    },
    [mutate, storeCurrentUser],
  );
}
