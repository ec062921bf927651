import useSWR from 'swr';
import type { MediaDateHint } from '@family/contract';
import { mediaItemKey } from './media-keys';

/** GET /api/media/{id}/date-hint: what the lives of the people tagged in an item say of its date. */
export function useDateHint(mediaId: number) {
  const { data } = useSWR<MediaDateHint, Error>(`${mediaItemKey(mediaId)}/date-hint`);
  return data;
}
