import useSWRMutation from 'swr/mutation';
import { sendJson } from '../../../lib/api';
import type { FamilyRelation, RelationType } from '../types';

export type AddRelationInput = {
  toUserId: number;
  relationType: RelationType;
  /** Whose relation it is when added from another person's profile; left out for one's own. */
  fromUserId?: number;
  /** For a member just created: they also join the anchor's close family (docs/product.md "Inherited relations"). */
  inheritRelations?: boolean;
};

/** POST /api/family. */
export function useAddRelation() {
  return useSWRMutation('/api/family', (path: string, { arg }: { arg: AddRelationInput }) =>
    sendJson<FamilyRelation>('POST', path, arg),
  );
}
