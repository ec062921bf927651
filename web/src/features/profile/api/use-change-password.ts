import useSWRMutation from 'swr/mutation';
import type { ChangePasswordRequest, MessageResponse } from '@family/contract';
import { sendJson } from '../../../lib/api';

/** POST /api/user/password (checked by the auth service): needs the current password; ends every other session. */
export function useChangePassword() {
  return useSWRMutation('/api/user/password', (path: string, { arg }: { arg: ChangePasswordRequest }) =>
    sendJson<MessageResponse>('POST', path, arg),
  );
}
