import type { FamilyRelation } from '../types';

/** Everyone directly related to `userId` in either direction: the people not offered to them again. */
export function relatedIdsOf(relations: readonly FamilyRelation[], userId: number): Set<number> {
  const ids = new Set<number>();
  for (const relation of relations) {
    if (relation.fromUserId === userId) ids.add(relation.toUserId);
    if (relation.toUserId === userId) ids.add(relation.fromUserId);
  }
  return ids;
}
