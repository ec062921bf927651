import useSWR from 'swr';
import type { MediaItem } from '@family/contract';
import { mediaItemKey } from './media-keys';

/** GET /api/media/{id}: the item as it is now, shown at once from what the list already had. */
export function useMediaItem(initial: MediaItem | null) {
  const { data, error, mutate } = useSWR<MediaItem, Error>(initial ? mediaItemKey(initial.id) : null, {
    fallbackData: initial ?? undefined,
    revalidateOnMount: true,
  });
  return { item: data ?? initial, error, refresh: () => mutate() };
}
