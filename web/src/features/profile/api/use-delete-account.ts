import useSWRMutation from 'swr/mutation';
import { sendJson } from '../../../lib/api';
import { CURRENT_USER_KEY, useForgetSession } from '../../../lib/queries/current-user';

/**
 * DELETE /api/user: the account and everything of the person. Then, as after logging out, nothing of
 * theirs stays cached and there is no current user, so the auth screen shows.
 */
export function useDeleteAccount() {
  const forgetSession = useForgetSession();
  return useSWRMutation('/api/user/delete', async () => {
    await sendJson<unknown>('DELETE', CURRENT_USER_KEY);
    await forgetSession();
  });
}
