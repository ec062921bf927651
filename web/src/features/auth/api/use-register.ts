import useSWRMutation from 'swr/mutation';
import { useSWRConfig } from 'swr';
import type { LoginResponse, RegisterRequest } from '@family/contract';
import { sendJson } from '../../../lib/api';
import { CURRENT_USER_KEY, useStoreCurrentUser } from '../../../lib/queries/current-user';

/**
 * POST /api/register; displayName falls back to the username, an empty email is left out. Where two-step sign-in
 * is required, the new member is asked to set it up first (the current user is asked again, which says so).
 */
export function useRegister() {
  const storeCurrentUser = useStoreCurrentUser();
  const { mutate } = useSWRConfig();
  return useSWRMutation('/api/register', async (path: string, { arg }: { arg: RegisterRequest }) => {
    // An invited person keeps the name the family knows them by unless they type another.
    const displayName = arg.displayName?.trim() || (arg.inviteCode ? undefined : arg.username);
    const email = arg.email?.trim();
    const answer = await sendJson<LoginResponse>('POST', path, {
      username: arg.username,
      password: arg.password,
      ...(displayName ? { displayName } : {}),
      ...(email ? { email } : {}),
      ...(arg.inviteCode ? { inviteCode: arg.inviteCode } : {}),
    } satisfies RegisterRequest);
    if ('secondStep' in answer) return null;
    if (answer.setUpSecondFactor) await mutate(CURRENT_USER_KEY);
    else await storeCurrentUser(answer.user);
    return answer.user;
  });
}
