import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { ApiError, sendJson } from '../../../lib/api';
import { CURRENT_USER_KEY } from './use-current-user';

/**
 * POST /api/logout, then forget everything cached for this person (a family computer is shared)
 * and set the current user to none. A 401 means the session was already gone: that is logged out too.
 */
export function useLogout() {
  const { mutate } = useSWRConfig();
  return useSWRMutation('/api/logout', async (path: string) => {
    try {
      await sendJson<unknown>('POST', path);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401)) throw error;
    }
    await mutate((key) => key !== CURRENT_USER_KEY, undefined, { revalidate: false });
    await mutate(CURRENT_USER_KEY, null, { revalidate: false });
  });
}
