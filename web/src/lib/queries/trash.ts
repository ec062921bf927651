import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { MediaItem } from '@family/contract';
import { sendJson } from '../api';
import { ALBUMS_KEY } from './albums';
import { isMediaKey } from './media';

/** GET /api/trash and the trash's other addresses: every trash query's key starts with this. */
export const TRASH_KEY_PREFIX = '/api/trash';

export function isTrashKey(key: unknown): key is string {
  return typeof key === 'string' && key.startsWith(TRASH_KEY_PREFIX);
}

const isAlbumsKey = (key: unknown) => typeof key === 'string' && key.startsWith(ALBUMS_KEY);

/**
 * POST /api/trash/{id}/restore (docs/product.md "Trash"): the delete toast's Undo and the Trash page's Restore.
 * The item comes back with its album and tags, so the media lists and the albums (counts, previews) are read again.
 */
export function useRestoreFromTrash() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id: number) => {
      const item = await sendJson<MediaItem>('POST', `${TRASH_KEY_PREFIX}/${id}/restore`);
      void mutate((key) => isMediaKey(key) || isTrashKey(key) || isAlbumsKey(key));
      return item;
    },
    [mutate],
  );
}
