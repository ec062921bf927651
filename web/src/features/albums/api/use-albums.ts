import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { Album, CreateAlbumRequest, MessageResponse } from '@family/contract';
import { sendJson } from '../../../lib/api';
import { ALBUMS_KEY } from '../../../lib/queries/albums';
import { isMediaKey } from '../../../lib/queries/media';

/**
 * docs/product.md "Fresh lists": after an album change the albums fetch again and, when items moved (added, removed, or
 * detached by a deleted album), the media lists too.
 */
export function useRefreshAlbums() {
  const { mutate } = useSWRConfig();
  return useCallback(
    (options: { media?: boolean } = {}) =>
      mutate(
        (key) => (typeof key === 'string' && key.startsWith(ALBUMS_KEY)) || (options.media === true && isMediaKey(key)),
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
