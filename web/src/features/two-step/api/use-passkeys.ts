import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { AddPasskeyRequest, MessageResponse, PasskeySummary } from '@family/contract';
import { sendJson } from '../../../lib/api';
import { TWO_STEP_KEY } from './use-two-step';

/**
 * Adds a passkey: the archive's challenge (POST /api/user/two-step/passkeys/options), the browser makes the key,
 * and its answer is kept (POST /api/user/two-step/passkeys).
 */
export function useAddPasskey() {
  const { mutate } = useSWRConfig();
  return useSWRMutation('/api/user/two-step/passkeys', async (path: string) => {
    const optionsJSON = await sendJson<PublicKeyCredentialCreationOptionsJSON>('POST', `${path}/options`, {});
    const response = await startRegistration({ optionsJSON });
    const added = await sendJson<PasskeySummary>('POST', path, {
      response: response as unknown as Record<string, unknown>,
    } satisfies AddPasskeyRequest);
    await mutate(TWO_STEP_KEY);
    return added;
  });
}

/** DELETE /api/user/two-step/passkeys/{id}. */
export function useRemovePasskey() {
  const { mutate } = useSWRConfig();
  return useSWRMutation('/api/user/two-step/passkeys', async (path: string, { arg }: { arg: number }) => {
    const answer = await sendJson<MessageResponse>('DELETE', `${path}/${arg}`);
    await mutate(TWO_STEP_KEY);
    return answer;
  });
}
