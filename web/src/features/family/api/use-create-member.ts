import useSWRMutation from 'swr/mutation';
import { sendJson } from '../../../lib/api';
import type { FamilyPerson } from '../types';

export type CreateMemberInput = {
  username: string;
  password: string;
  displayName: string;
  /** Left out when empty. */
  email?: string;
  /** YYYY-MM-DD, left out when empty. */
  birthday?: string;
};

/** POST /api/family/create-member: a relative's account and profile, made by a signed-in member. */
export function useCreateMember() {
  return useSWRMutation('/api/family/create-member', (path: string, { arg }: { arg: CreateMemberInput }) =>
    sendJson<{ user: FamilyPerson }>('POST', path, arg),
  );
}
