import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { sendJson } from '../../../lib/api';
import type { MediaItem } from '../types';
import { mediaItemKey } from './media-keys';
import { useRefreshMedia } from './media-refresh';

export type MediaChanges = { title: string; description: string | null; mediaDate: string };

/** PATCH /api/media/{id} (docs/product.md "Media edit": title trimmed, empty description sent as null). */
export function useUpdateMedia(id: number) {
  const { mutate } = useSWRConfig();
  const refresh = useRefreshMedia();
  return useSWRMutation(`${mediaItemKey(id)}#update`, async (_key: string, { arg }: { arg: MediaChanges }) => {
    const item = await sendJson<MediaItem>('PATCH', mediaItemKey(id), {
      title: arg.title.trim(),
      description: arg.description?.trim() ? arg.description.trim() : null,
      mediaDate: arg.mediaDate,
    });
    await mutate(mediaItemKey(id), item, { revalidate: false });
    void refresh();
    return item;
  });
}
