import useSWRMutation from 'swr/mutation';
import type { AccountResponse, CreateMemberRequest } from '@family/contract';
import { sendJson } from '../../../lib/api';

/**
 * POST /api/register?autoLogin=false (docs/api.md): the add-family-member dialog on another person's profile
 * makes the new relative's account this way; the caller stays signed in as themselves.
 */
export function useRegisterMember() {
  return useSWRMutation('/api/register?autoLogin=false', (path: string, { arg }: { arg: CreateMemberRequest }) =>
    sendJson<AccountResponse>('POST', path, arg),
  );
}
