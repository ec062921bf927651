import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { sendJson } from '../../../lib/api';
import type { User } from '../../../types/api';
import { CURRENT_USER_KEY } from './use-current-user';

export type RegisterInput = {
  username: string;
  password: string;
  displayName?: string;
  email?: string;
};

/** POST /api/register; displayName falls back to the username, an empty email is left out. */
export function useRegister() {
  const { mutate } = useSWRConfig();
  return useSWRMutation('/api/register', async (path: string, { arg }: { arg: RegisterInput }) => {
    const displayName = arg.displayName?.trim() || arg.username;
    const email = arg.email?.trim();
    const { user } = await sendJson<{ user: User }>('POST', path, {
      username: arg.username,
      password: arg.password,
      displayName,
      ...(email ? { email } : {}),
    });
    await mutate(CURRENT_USER_KEY, user, { revalidate: false });
    return user;
  });
}
