import useSWRMutation from 'swr/mutation';
import { sendJson } from '../../../lib/api';
import type { FamilyPerson } from '../types';

export type RegisterMemberInput = {
  username: string;
  password: string;
  displayName: string;
  email?: string;
  birthday?: string;
};

/**
 * POST /api/register?autoLogin=false (SPEC.md §7): the add-family-member dialog on another person's profile
 * makes the new relative's account this way; the caller stays signed in as themselves.
 */
export function useRegisterMember() {
  return useSWRMutation('/api/register?autoLogin=false', (path: string, { arg }: { arg: RegisterMemberInput }) =>
    sendJson<{ user: FamilyPerson }>('POST', path, arg),
  );
}
