import useSWRMutation from 'swr/mutation';
import type { AccountResponse, RegisterRequest } from '@family/contract';
import { sendJson } from '../../../lib/api';
import { useStoreCurrentUser } from '../../../lib/queries/current-user';

/** POST /api/register; displayName falls back to the username, an empty email is left out. */
export function useRegister() {
  const storeCurrentUser = useStoreCurrentUser();
  return useSWRMutation('/api/register', async (path: string, { arg }: { arg: RegisterRequest }) => {
    // An invited person keeps the name the family knows them by unless they type another.
    const displayName = arg.displayName?.trim() || (arg.inviteCode ? undefined : arg.username);
    const email = arg.email?.trim();
    const { user } = await sendJson<AccountResponse>('POST', path, {
      username: arg.username,
      password: arg.password,
      ...(displayName ? { displayName } : {}),
      ...(email ? { email } : {}),
      ...(arg.inviteCode ? { inviteCode: arg.inviteCode } : {}),
    } satisfies RegisterRequest);
    await storeCurrentUser(user);
    return user;
  });
}
