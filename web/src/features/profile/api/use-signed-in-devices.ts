import useSWR, { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { MessageResponse, SignedInDevice } from '@family/contract';
import { fetcher, sendJson } from '../../../lib/api';

/** GET /api/user/sessions: the browsers the member is signed in on. */
export const SIGNED_IN_DEVICES_KEY = '/api/user/sessions';

export function useSignedInDevices() {
  return useSWR<SignedInDevice[], Error>(SIGNED_IN_DEVICES_KEY, fetcher);
}

/** DELETE /api/user/sessions/{id}: that browser is signed out at once. */
export function useEndDevice() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(SIGNED_IN_DEVICES_KEY, async (path: string, { arg }: { arg: string }) => {
    const answer = await sendJson<MessageResponse>('DELETE', `${path}/${encodeURIComponent(arg)}`);
    await mutate(SIGNED_IN_DEVICES_KEY);
    return answer;
  });
}
