import { useEffect, useRef } from 'react';
import useSWRInfinite from 'swr/infinite';
import { DEFAULT_PAGE_SIZE, type TrashItem, type TrashPage } from '@family/contract';
import { sendJson } from '../../../lib/api';
import { TRASH_KEY_PREFIX } from '../../../lib/queries/trash';

function trashPagePath(limit: number, cursor: string | null | undefined): string {
  const query = new URLSearchParams({ limit: String(limit) });
  if (cursor) query.set('cursor', cursor);
  return `${TRASH_KEY_PREFIX}?${query}`;
}

/** GET /api/trash, page by page (keyset cursors), newest deletion first. */
export function useTrash(pageSize = DEFAULT_PAGE_SIZE) {
  const { data, error, isLoading, size, setSize, mutate } = useSWRInfinite<TrashPage, Error>(
    (index, previous: TrashPage | null) => {
      if (index > 0 && !previous?.nextCursor) return null;
      return trashPagePath(pageSize, previous?.nextCursor);
    },
    { revalidateOnMount: true, revalidateFirstPage: false },
  );
  // docs/product.md "Fresh lists": read again whenever shown, as a delete elsewhere may have added to it since
  // (pages kept from an earlier visit are otherwise shown as they were).
  const shownFromCache = useRef(data !== undefined);
  useEffect(() => {
    if (shownFromCache.current) void mutate();
  }, [mutate]);
  const items: TrashItem[] = data ? data.flatMap((page) => page.items) : [];
  const lastPage = data?.[data.length - 1];
  return {
    items,
    error,
    isLoading: isLoading && !data,
    isLoadingMore: !error && data !== undefined && data.length < size,
    hasMore: Boolean(lastPage?.nextCursor),
    loadMore: () => setSize((current) => current + 1),
    /** Reads every page shown again (after a restore or a delete). */
    refresh: () => mutate(),
  };
}

/** DELETE /api/trash/{id}: for good, with every file. */
export function deleteForever(id: number): Promise<void> {
  return sendJson<void>('DELETE', `${TRASH_KEY_PREFIX}/${id}`);
}

/** DELETE /api/trash: everything in one's trash, for good. */
export function emptyTrash(): Promise<void> {
  return sendJson<void>('DELETE', TRASH_KEY_PREFIX);
}
