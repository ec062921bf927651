import useSWRMutation from 'swr/mutation';
import type { AddRelationRequest, FamilyRelation } from '@family/contract';
import { sendJson } from '../../../lib/api';

/** POST /api/family. */
export function useAddRelation() {
  return useSWRMutation('/api/family', (path: string, { arg }: { arg: AddRelationRequest }) =>
    sendJson<FamilyRelation>('POST', path, arg),
  );
}
