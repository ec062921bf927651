import useSWR from 'swr';
import type { Album } from '@family/contract';

/** GET /api/albums: every album the signed-in person may see, newest first. */
export const ALBUMS_KEY = '/api/albums';

export function useAlbums(enabled = true) {
  const { data, error, isLoading, mutate } = useSWR<Album[], Error>(enabled ? ALBUMS_KEY : null);
  return {
    albums: data ?? [],
    error,
    isLoading: isLoading && !data,
    retry: () => mutate(),
  };
}
