import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { sendJson } from '../../../lib/api';
import { CURRENT_USER_KEY } from './profile-cache';

/**
 * DELETE /api/user: the account and everything of the person. Then, as after logging out, nothing of
 * theirs stays cached and there is no current user, so the auth screen shows.
 */
export function useDeleteAccount() {
  const { mutate } = useSWRConfig();
  return useSWRMutation('/api/user/delete', async () => {
    await sendJson<unknown>('DELETE', CURRENT_USER_KEY);
    await mutate((key) => key !== CURRENT_USER_KEY, undefined, { revalidate: false });
    await mutate(CURRENT_USER_KEY, null, { revalidate: false });
  });
}
