import useSWR from 'swr';
import type { MediaTag } from '@family/contract';
import { mediaTagsKey } from './media-keys';

/** GET /api/media/{id}/tags: the people tagged in an item. */
export function useMediaTags(mediaId: number | null, initial?: MediaTag[]) {
  const { data, error, isLoading, mutate } = useSWR<MediaTag[], Error>(
    mediaId === null ? null : mediaTagsKey(mediaId),
    {
      fallbackData: initial,
      revalidateOnMount: true,
    },
  );
  return { tags: data ?? [], error, isLoading: isLoading && !data, retry: () => mutate() };
}
