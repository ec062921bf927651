import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { sendJson } from '../../../lib/api';
import type { User } from '../../../types/api';
import { CURRENT_USER_KEY } from './use-current-user';

export type LoginInput = { username: string; password: string };

/** POST /api/login; on success the returned user becomes the current user. */
export function useLogin() {
  const { mutate } = useSWRConfig();
  return useSWRMutation('/api/login', async (path: string, { arg }: { arg: LoginInput }) => {
    const { user } = await sendJson<{ user: User }>('POST', path, {
      username: arg.username,
      password: arg.password,
      displayName: arg.username,
    });
    await mutate(CURRENT_USER_KEY, user, { revalidate: false });
    return user;
  });
}
