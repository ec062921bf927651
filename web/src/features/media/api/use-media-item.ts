import { useEffect } from 'react';
import useSWR from 'swr';
import type { MediaItem } from '@family/contract';
import { isPreparing, PREPARING_REFRESH_MS } from '../utils/preparing';
import { mediaItemKey } from './media-keys';

/** GET /api/media/{id}: the item as it is now, shown at once from what the list already had. */
export function useMediaItem(initial: MediaItem | null) {
  const { data, error, mutate } = useSWR<MediaItem, Error>(initial ? mediaItemKey(initial.id) : null, {
    fallbackData: initial ?? undefined,
    revalidateOnMount: true,
  });
  const item = data ?? initial;

  // Until the worker has prepared it, ask again, so the picture or player appears by itself.
  const preparing = item !== null && isPreparing(item);
  useEffect(() => {
    if (!preparing) return;
    const timer = setInterval(() => void mutate(), PREPARING_REFRESH_MS);
    return () => clearInterval(timer);
  }, [preparing, mutate]);

  return { item, error, refresh: () => mutate() };
}
