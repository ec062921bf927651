import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { MediaItem } from '@family/contract';
import { sendJson } from '../../../lib/api';
import { useRefreshMedia } from '../../../lib/queries/media';
import { mediaItemKey } from './media-keys';

/** POST /api/media/{id}/reprocess: the worker prepares the item again (docs/product.md "Preparing media"). */
export function useReprocessMedia(id: number) {
  const { mutate } = useSWRConfig();
  const refresh = useRefreshMedia();
  return useSWRMutation(`${mediaItemKey(id)}#reprocess`, async () => {
    const item = await sendJson<MediaItem>('POST', `${mediaItemKey(id)}/reprocess`);
    await mutate(mediaItemKey(id), item, { revalidate: false });
    void refresh();
    return item;
  });
}
