import useSWRMutation from 'swr/mutation';
import type { AccountResponse, SecondFactorCodeRequest } from '@family/contract';
import { sendJson } from '../../../lib/api';
import { useStoreCurrentUser } from '../../../lib/queries/current-user';

/** POST /api/login/code: the second step of a sign-in; on success the user becomes the current user. */
export function useLoginCode() {
  const storeCurrentUser = useStoreCurrentUser();
  return useSWRMutation('/api/login/code', async (path: string, { arg }: { arg: SecondFactorCodeRequest }) => {
    const { user } = await sendJson<AccountResponse>('POST', path, arg);
    await storeCurrentUser(user);
    return user;
  });
}
