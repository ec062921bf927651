import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { sendJson } from '../../../lib/api';
import { isMediaKey } from '../../../lib/queries/media';
import { mediaItemKey, mediaTagsKey } from './media-keys';

/** DELETE /api/media/{id}; the lists are refreshed without it. */
export function useDeleteMedia(id: number) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(`${mediaItemKey(id)}#delete`, async () => {
    await sendJson<void>('DELETE', mediaItemKey(id));
    // Every media key but the item's own: asking for a deleted item again would only answer 404.
    const gone = [mediaItemKey(id), mediaTagsKey(id)];
    void mutate((key) => isMediaKey(key) && !gone.includes(key));
  });
}
