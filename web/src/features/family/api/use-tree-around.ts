import useSWR from 'swr';
import type { FamilyTree } from '@family/contract';

/** GET /api/family/tree/{id}?up=N&down=N: the people and ties around a person. */
export function useTreeAround(id: number, depth = 3) {
  const { data, error, isLoading, mutate } = useSWR<FamilyTree, Error>(
    `/api/family/tree/${id}?up=${depth}&down=${depth}`,
  );
  return { tree: data, error, isLoading, retry: () => mutate() };
}
