import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { AccountResponse, LoginRequest } from '@family/contract';
import { sendJson } from '../../../lib/api';
import { CURRENT_USER_KEY } from './use-current-user';

/** POST /api/login; on success the returned user becomes the current user. */
export function useLogin() {
  const { mutate } = useSWRConfig();
  return useSWRMutation('/api/login', async (path: string, { arg }: { arg: LoginRequest }) => {
    const { user } = await sendJson<AccountResponse>('POST', path, {
      username: arg.username,
      password: arg.password,
      displayName: arg.username,
    });
    await mutate(CURRENT_USER_KEY, user, { revalidate: false });
    return user;
  });
}
