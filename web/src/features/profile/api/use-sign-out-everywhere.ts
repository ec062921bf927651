import useSWRMutation from 'swr/mutation';
import { sendJson } from '../../../lib/api';
import { useForgetSession } from '../../../lib/queries/current-user';

/**
 * DELETE /api/user/sessions: every session of the person ends, this one included. Then, as after logging out,
 * nothing of theirs stays cached and there is no current user, so the auth screen shows.
 */
export function useSignOutEverywhere() {
  const forgetSession = useForgetSession();
  return useSWRMutation('/api/user/sessions', async (path: string) => {
    await sendJson<unknown>('DELETE', path);
    await forgetSession();
  });
}
