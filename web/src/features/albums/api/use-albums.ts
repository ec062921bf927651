import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { Album, CreateAlbumRequest, MessageResponse } from '@family/contract';
import { sendJson } from '../../../lib/api';

/** GET /api/albums: every album the signed-in person may see, newest first. */
export const ALBUMS_KEY = '/api/albums';
/** Media lists (grids, items, profile strips) all have keys starting with this. */
export const MEDIA_KEY_PREFIX = '/api/media';

export function useAlbums(enabled = true) {
  const { data, error, isLoading, mutate } = useSWR<Album[], Error>(enabled ? ALBUMS_KEY : null);
  return {
    albums: data ?? [],
    error,
    isLoading: isLoading && !data,
    retry: () => mutate(),
  };
}

/**
 * docs/product.md "Fresh lists": after an album change the albums fetch again and, when items moved (added, removed, or
 * detached by a deleted album), the media lists too.
 */
export function useRefreshAlbums() {
  const { mutate } = useSWRConfig();
  return useCallback(
    (options: { media?: boolean } = {}) =>
      mutate(
        (key) =>
          typeof key === 'string' &&
          (key.startsWith(ALBUMS_KEY) || (options.media === true && key.startsWith(MEDIA_KEY_PREFIX))),
      ),
    [mutate],
  );
}

/** POST /api/albums */
export function useCreateAlbum() {
  return useSWRMutation('albums:create', (_key: string, { arg }: { arg: CreateAlbumRequest }) =>
    sendJson<Album>('POST', ALBUMS_KEY, arg),
  );
}

/** DELETE /api/albums/{id}: the creator only; its items stay in the archive. */
export function useDeleteAlbum() {
  return useSWRMutation('albums:delete', (_key: string, { arg }: { arg: { albumId: number } }) =>
    sendJson<MessageResponse>('DELETE', `${ALBUMS_KEY}/${arg.albumId}`),
  );
}
