import useSWR from 'swr';
import type { ItemFaces } from '@family/contract';
import { mediaFacesKey } from './media-keys';

/** GET /api/media/{id}/faces, asked only once the faces are to be shown (null: not yet). */
export function useItemFaces(mediaId: number | null) {
  const { data, error, isLoading } = useSWR<ItemFaces, Error>(mediaId === null ? null : mediaFacesKey(mediaId));
  return { faces: data?.faces ?? [], scan: data?.scan ?? null, error, isLoading };
}
