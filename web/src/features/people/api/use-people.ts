import useSWRInfinite from 'swr/infinite';
import type { PeoplePage, PersonListItem } from '@family/contract';

const PAGE = 50;

/** GET /api/people?q=: everyone, by name, a page at a time; `loadMore` fetches the next page. */
export function usePeople(query: string) {
  const q = query.trim();
  const { data, error, isLoading, size, setSize, mutate } = useSWRInfinite<PeoplePage, Error>(
    (_index: number, previous: PeoplePage | null) => {
      if (previous && !previous.nextCursor) return null;
      const params = new URLSearchParams({ limit: String(PAGE) });
      if (q) params.set('q', q);
      if (previous?.nextCursor) params.set('cursor', previous.nextCursor);
      return `/api/people?${params.toString()}`;
    },
  );
  const people: PersonListItem[] = data?.flatMap((page) => page.items) ?? [];
  const hasMore = Boolean(data?.[data.length - 1]?.nextCursor);
  const loadingMore = size > 0 && data !== undefined && data[size - 1] === undefined;
  return {
    people,
    error,
    isLoading,
    hasMore,
    loadingMore,
    loadMore: () => setSize(size + 1),
    refresh: () => mutate(),
  };
}
