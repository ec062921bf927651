import useSWRMutation from 'swr/mutation';
import { sendJson } from '../../../lib/api';
import type { FamilyPerson, NewAccountInput } from '../types';

/** POST /api/family/create-member: a relative's account and profile, made by a signed-in member. */
export function useCreateMember() {
  return useSWRMutation('/api/family/create-member', (path: string, { arg }: { arg: NewAccountInput }) =>
    sendJson<{ user: FamilyPerson }>('POST', path, arg),
  );
}
