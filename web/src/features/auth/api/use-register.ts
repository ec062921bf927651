import useSWRMutation from 'swr/mutation';
import type { AccountResponse, RegisterRequest } from '@family/contract';
import { sendJson } from '../../../lib/api';
import { useStoreCurrentUser } from '../../../lib/queries/current-user';

/** POST /api/register; displayName falls back to the username, an empty email is left out. */
export function useRegister() {
  const storeCurrentUser = useStoreCurrentUser();
  return useSWRMutation('/api/register', async (path: string, { arg }: { arg: RegisterRequest }) => {
    const displayName = arg.displayName?.trim() || arg.username;
    const email = arg.email?.trim();
    const { user } = await sendJson<AccountResponse>('POST', path, {
      username: arg.username,
      password: arg.password,
      displayName,
      ...(email ? { email } : {}),
    } satisfies RegisterRequest);
    await storeCurrentUser(user);
    return user;
  });
}
