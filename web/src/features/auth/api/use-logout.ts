import useSWRMutation from 'swr/mutation';
import { ApiError, sendJson } from '../../../lib/api';
import { useForgetSession } from '../../../lib/queries/current-user';

/**
 * POST /api/logout, then forget everything cached for this person and set the current user to none.
 * A 401 means the session was already gone: that is logged out too.
 */
export function useLogout() {
  const forgetSession = useForgetSession();
  return useSWRMutation('/api/logout', async (path: string) => {
    try {
      await sendJson<unknown>('POST', path);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401)) throw error;
    }
    await forgetSession();
  });
}
