import useSWRMutation from 'swr/mutation';
import { sendJson } from '../../../lib/api';

export type ResetPasswordInput = { username: string; newPassword: string; resetCode: string };

/** POST /api/reset-password with a one-time code made by whoever runs the archive. */
export function useResetPassword() {
  return useSWRMutation('/api/reset-password', (path: string, { arg }: { arg: ResetPasswordInput }) =>
    sendJson<{ message?: string }>('POST', path, arg),
  );
}
