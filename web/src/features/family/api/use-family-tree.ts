import useSWR from 'swr';
import type { FamilyRelation } from '@family/contract';

export const familyTreeKey = (rootUserId: number) => `/api/family/${rootUserId}`;

/** GET /api/family/{rootUserId}: the relations that draw this person's tree. */
export function useFamilyTree(rootUserId: number | null) {
  const { data, error, isLoading, mutate } = useSWR<FamilyRelation[], Error>(
    rootUserId === null ? null : familyTreeKey(rootUserId),
  );
  return { relations: data, error, isLoading, retry: () => mutate() };
}
