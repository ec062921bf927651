import useSWRMutation from 'swr/mutation';
import type { LoginRequest, LoginResponse } from '@family/contract';
import { sendJson } from '../../../lib/api';
import { CURRENT_USER_KEY, useStoreCurrentUser } from '../../../lib/queries/current-user';
import { useSWRConfig } from 'swr';

/**
 * POST /api/login. Signed in: the returned user becomes the current user. The account asks for a code: the
 * answer says so and the screen asks for it. Signed in but two-step sign-in must be set up first: the current user
 * is asked again, which answers that (docs/rights.md "Two-step sign-in").
 */
export function useLogin() {
  const storeCurrentUser = useStoreCurrentUser();
  const { mutate } = useSWRConfig();
  return useSWRMutation('/api/login', async (path: string, { arg }: { arg: LoginRequest }) => {
    const answer = await sendJson<LoginResponse>('POST', path, {
      username: arg.username,
      password: arg.password,
      displayName: arg.username,
    });
    if ('secondStep' in answer) return answer;
    if (answer.setUpSecondFactor) await mutate(CURRENT_USER_KEY);
    else await storeCurrentUser(answer.user);
    return answer;
  });
}
