import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { sendJson } from '../../../lib/api';
import { CURRENT_USER_KEY } from './profile-cache';

/**
 * DELETE /api/user/sessions: every session of the person ends, this one included. Then, as after logging out,
 * nothing of theirs stays cached and there is no current user, so the auth screen shows.
 */
export function useSignOutEverywhere() {
  const { mutate } = useSWRConfig();
  return useSWRMutation('/api/user/sessions', async (path: string) => {
    await sendJson<unknown>('DELETE', path);
    await mutate((key) => key !== CURRENT_USER_KEY, undefined, { revalidate: false });
    await mutate(CURRENT_USER_KEY, null, { revalidate: false });
  });
}
