import useSWRMutation from 'swr/mutation';
import type { MessageResponse, ResetPasswordRequest } from '@family/contract';
import { sendJson } from '../../../lib/api';

/** POST /api/reset-password with a one-time code made by whoever runs the archive. */
export function useResetPassword() {
  return useSWRMutation('/api/reset-password', (path: string, { arg }: { arg: ResetPasswordRequest }) =>
    sendJson<MessageResponse>('POST', path, arg),
  );
}
