import type { FamilyRelation, PersonSummary, RelationType } from '@family/contract';

/** Everyone directly related to `userId` in either direction: the people not offered to them again. */
export function relatedIdsOf(relations: readonly FamilyRelation[], userId: number): Set<number> {
  const ids = new Set<number>();
  for (const relation of relations) {
    if (relation.fromUserId === userId) ids.add(relation.toUserId);
    if (relation.toUserId === userId) ids.add(relation.fromUserId);
  }
  return ids;
}

/** One relation of the root, read from the root's side: `person` is the root's `relationType`. */
export type RootRelation = { id: number; person: PersonSummary; relationType: RelationType };

const INVERSE: Record<RelationType, RelationType> = {
  parent: 'child',
  child: 'parent',
  sibling: 'sibling',
  spouse: 'spouse',
};

/**
 * The relations that involve `rootId` directly (not the grandparents' own), as the tree reads them: the server
 * sends the root's relations from the root's side; a row the other way round is turned around.
 */
export function relationsOfRoot(relations: readonly FamilyRelation[], rootId: number): RootRelation[] {
  const own: RootRelation[] = [];
  for (const relation of relations) {
    if (relation.fromUserId === relation.toUserId) continue;
    if (relation.fromUserId === rootId) {
      own.push({ id: relation.id, person: relation.toUser, relationType: relation.relationType });
    } else if (relation.toUserId === rootId) {
      own.push({ id: relation.id, person: relation.fromUser, relationType: INVERSE[relation.relationType] });
    }
  }
  return own;
}
