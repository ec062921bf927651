import { useEffect, useRef } from 'react';
import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { DEFAULT_PAGE_SIZE, type MediaItem, type MediaPage } from '@family/contract';
import { MEDIA_LISTS_SIGNAL_KEY, nextMediaListsSignal } from '../../../lib/queries/media';
import type { MediaFilters, MediaScope } from '../types';
import { isPreparing, PREPARING_REFRESH_MS } from '../utils/preparing';
import { mediaListPath } from './media-keys';

/** A media list loaded page by page as one scrolls (keyset cursors from the server). */
export function useMediaList(scope: MediaScope, filters: MediaFilters, pageSize = DEFAULT_PAGE_SIZE) {
  const { data, error, isLoading, size, setSize, mutate } = useSWRInfinite<MediaPage, Error>(
    (index, previous: MediaPage | null) => {
      if (index > 0 && !previous?.nextCursor) return null;
      return mediaListPath(scope, filters, { limit: pageSize, cursor: previous?.nextCursor });
    },
    // Shown at once from the cache when it comes back on screen, and brought up to date.
    { revalidateOnMount: true, revalidateFirstPage: false },
  );

  // Reload when the media keys are refreshed (see MEDIA_LISTS_SIGNAL_KEY).
  const { data: signal } = useSWR(MEDIA_LISTS_SIGNAL_KEY, nextMediaListsSignal);
  const seenSignal = useRef(signal);
  useEffect(() => {
    if (seenSignal.current !== undefined && signal !== seenSignal.current) void mutate();
    seenSignal.current = signal;
  }, [signal, mutate]);

  // docs/product.md "Fresh lists": read again whenever shown. Pages kept from an earlier visit would otherwise come
  // back as they were (SWR's revalidateOnMount does not always reach them), missing what changed meanwhile, such as
  // an item restored on the Trash page.
  const shownFromCache = useRef(data !== undefined);
  useEffect(() => {
    if (shownFromCache.current) void mutate();
  }, [mutate]);

  const items: MediaItem[] = data ? data.flatMap((page) => page.items) : [];

  // Items just uploaded are prepared in the background: ask again until none shown is pending, so each
  // "Preparing…" placeholder turns into its picture without a reload.
  const preparing = items.some(isPreparing);
  useEffect(() => {
    if (!preparing) return;
    const timer = setInterval(() => void mutate(), PREPARING_REFRESH_MS);
    return () => clearInterval(timer);
  }, [preparing, mutate]);
  const lastPage = data?.[data.length - 1];
  // A further page asked for and not here yet.
  const isLoadingMore = !error && data !== undefined && data.length < size;

  return {
    items,
    error,
    isLoading: isLoading && !data,
    isLoadingMore,
    hasMore: Boolean(lastPage?.nextCursor),
    loadMore: () => setSize((current) => current + 1),
    retry: () => mutate(),
  };
}
