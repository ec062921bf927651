import useSWR from 'swr';
import type { UserSummary } from '../../../types/api';

/** SPEC.md §3 Memory. */
export type Memory = {
  id: number;
  title: string;
  content: string;
  /** ISO timestamp. */
  createdAt: string;
  user: UserSummary;
};

export const memoriesKey = (userId: number) => `/api/memories?userId=${userId}`;

/** GET /api/memories?userId=: one person's memories, newest first. */
export function useMemories(userId: number) {
  const { data, error, isLoading, mutate } = useSWR<Memory[], Error>(memoriesKey(userId));
  return { memories: data, error, isLoading, retry: () => mutate() };
}
