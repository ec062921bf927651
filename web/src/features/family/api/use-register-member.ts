import useSWRMutation from 'swr/mutation';
import { sendJson } from '../../../lib/api';
import type { FamilyPerson, NewAccountInput } from '../types';

/**
 * POST /api/register?autoLogin=false (docs/api.md): the add-family-member dialog on another person's profile
 * makes the new relative's account this way; the caller stays signed in as themselves.
 */
export function useRegisterMember() {
  return useSWRMutation('/api/register?autoLogin=false', (path: string, { arg }: { arg: NewAccountInput }) =>
    sendJson<{ user: FamilyPerson }>('POST', path, arg),
  );
}
