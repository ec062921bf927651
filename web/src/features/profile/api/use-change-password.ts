import useSWRMutation from 'swr/mutation';
import type { ChangePasswordRequest, MessageResponse } from '@family/contract';
import { sendJson } from '../../../lib/api';

/** POST /api/user/password (served by the auth service): needs the current password. */
export function useChangePassword() {
  return useSWRMutation('/api/user/password', (path: string, { arg }: { arg: ChangePasswordRequest }) =>
    sendJson<MessageResponse>('POST', path, arg),
  );
}
