import useSWR from 'swr';
import type { Memory } from '@family/contract';

export const memoriesKey = (userId: number) => `/api/memories?userId=${userId}`;

/** GET /api/memories?userId=: one person's memories, newest first. */
export function useMemories(userId: number) {
  const { data, error, isLoading, mutate } = useSWR<Memory[], Error>(memoriesKey(userId));
  return { memories: data, error, isLoading, retry: () => mutate() };
}
