import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { MediaItem, UpdateMediaRequest } from '@family/contract';
import { sendJson } from '../../../lib/api';
import { useRefreshMedia } from '../../../lib/queries/media';
import { mediaItemKey } from './media-keys';

/**
 * The edit form always sends the title, the description and the date, exact (`mediaDate`) or not (`mediaDateText`);
 * the place only when it changed.
 */
export type MediaChanges = Required<Pick<UpdateMediaRequest, 'title' | 'description'>> &
  Pick<UpdateMediaRequest, 'mediaDate' | 'mediaDateText' | 'place'>;

/** PATCH /api/media/{id} (docs/product.md "Media edit": title trimmed, empty description sent as null). */
export function useUpdateMedia(id: number) {
  const { mutate } = useSWRConfig();
  const refresh = useRefreshMedia();
  return useSWRMutation(`${mediaItemKey(id)}#update`, async (_key: string, { arg }: { arg: MediaChanges }) => {
    const changes: UpdateMediaRequest = {
      title: arg.title.trim(),
      description: arg.description?.trim() ? arg.description.trim() : null,
      ...(arg.place !== undefined ? { place: arg.place } : {}),
      ...(arg.mediaDateText !== undefined ? { mediaDateText: arg.mediaDateText } : { mediaDate: arg.mediaDate }),
    };
    const item = await sendJson<MediaItem>('PATCH', mediaItemKey(id), changes);
    await mutate(mediaItemKey(id), item, { revalidate: false });
    void refresh();
    return item;
  });
}
