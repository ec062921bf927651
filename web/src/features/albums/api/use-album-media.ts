import useSWRMutation from 'swr/mutation';
import type { MediaItem, MessageResponse, MoveToAlbumRequest } from '@family/contract';
import { sendJson } from '../../../lib/api';

type AlbumMediaInput = { albumId: number; mediaId: number };

/** POST /api/albums/{albumId}/media/{mediaId}: an item goes into one album. */
export function useAddToAlbum() {
  return useSWRMutation('albums:add-media', (_key: string, { arg }: { arg: AlbumMediaInput }) =>
    sendJson<MessageResponse>('POST', `/api/albums/${arg.albumId}/media/${arg.mediaId}`),
  );
}

/** DELETE /api/albums/{albumId}/media/{mediaId}: the item stays in the archive, in no album. */
export function useRemoveFromAlbum() {
  return useSWRMutation('albums:remove-media', (_key: string, { arg }: { arg: AlbumMediaInput }) =>
    sendJson<MessageResponse>('DELETE', `/api/albums/${arg.albumId}/media/${arg.mediaId}`),
  );
}

/** PUT /api/media/{mediaId}/album: an item in an album moves to another, in one request (media keeps it). */
export function useMoveToAlbum() {
  return useSWRMutation('albums:move-media', (_key: string, { arg }: { arg: AlbumMediaInput }) =>
    sendJson<MediaItem>('PUT', `/api/media/${arg.mediaId}/album`, {
      albumId: arg.albumId,
    } satisfies MoveToAlbumRequest),
  );
}
