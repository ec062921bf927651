import useSWRMutation from 'swr/mutation';
import type { AccountResponse, CreateMemberRequest } from '@family/contract';
import { sendJson } from '../../../lib/api';

/** POST /api/family/create-member: a relative's account and profile, made by a signed-in member. */
export function useCreateMember() {
  return useSWRMutation('/api/family/create-member', (path: string, { arg }: { arg: CreateMemberRequest }) =>
    sendJson<AccountResponse>('POST', path, arg),
  );
}
