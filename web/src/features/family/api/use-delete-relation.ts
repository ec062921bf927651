import useSWRMutation from 'swr/mutation';
import type { MessageResponse } from '@family/contract';
import { sendJson } from '../../../lib/api';

/** DELETE /api/family/{id}: either person in the relation, or whoever added it, may remove it. */
export function useDeleteRelation() {
  return useSWRMutation('/api/family', (path: string, { arg: id }: { arg: number }) =>
    sendJson<MessageResponse>('DELETE', `${path}/${id}`),
  );
}
