import useSWR from 'swr';
import type { UserSummary } from '../../../types/api';

/** A memory, as docs/api.md "Memory" describes it. */
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
