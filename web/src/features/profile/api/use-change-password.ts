import useSWRMutation from 'swr/mutation';
import { sendJson } from '../../../lib/api';

export type PasswordChange = { currentPassword: string; newPassword: string };

/** POST /api/user/password (checked by the auth service): needs the current password; ends every other session. */
export function useChangePassword() {
  return useSWRMutation('/api/user/password', (path: string, { arg }: { arg: PasswordChange }) =>
    sendJson<{ message?: string }>('POST', path, arg),
  );
}
