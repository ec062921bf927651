import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import useSWRMutation from 'swr/mutation';
import type { AccountResponse, PasskeySignInRequest } from '@family/contract';
import { sendJson } from '../../../lib/api';
import { useStoreCurrentUser } from '../../../lib/queries/current-user';

/**
 * The second step with a passkey: the archive's challenge (POST /api/login/passkey/options), the browser asks the
 * passkey, and the answer goes back (POST /api/login/passkey); on success the user becomes the current user.
 */
export function useLoginPasskey() {
  const storeCurrentUser = useStoreCurrentUser();
  return useSWRMutation('/api/login/passkey', async (path: string) => {
    const optionsJSON = await sendJson<PublicKeyCredentialRequestOptionsJSON>('POST', `${path}/options`, {});
    const response = await startAuthentication({ optionsJSON });
    const { user } = await sendJson<AccountResponse>('POST', path, {
      response: response as unknown as Record<string, unknown>,
    } satisfies PasskeySignInRequest);
    await storeCurrentUser(user);
    return user;
  });
}
