import useSWRMutation from 'swr/mutation';
import type { AccountResponse, LoginRequest } from '@family/contract';
import { sendJson } from '../../../lib/api';
import { useStoreCurrentUser } from '../../../lib/queries/current-user';

/** POST /api/login; on success the returned user becomes the current user. */
export function useLogin() {
  const storeCurrentUser = useStoreCurrentUser();
  return useSWRMutation('/api/login', async (path: string, { arg }: { arg: LoginRequest }) => {
    const { user } = await sendJson<AccountResponse>('POST', path, {
      username: arg.username,
      password: arg.password,
      displayName: arg.username,
    });
    await storeCurrentUser(user);
    return user;
  });
}
