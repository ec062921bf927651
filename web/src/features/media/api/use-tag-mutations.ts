import { useState } from 'react';
import type { AddTagRequest, MediaTag } from '@family/contract';
import { sendJson } from '../../../lib/api';
import { useRefreshMedia } from '../../../lib/queries/media';
import { mediaTagsKey } from './media-keys';

/** POST /api/media/{id}/tags and DELETE /api/media/{id}/tags/{userId}; both refresh the tag and media lists. */
export function useTagMutations(mediaId: number) {
  const refresh = useRefreshMedia();
  const [busy, setBusy] = useState(false);

  const run = async <T>(action: () => Promise<T>): Promise<T> => {
    setBusy(true);
    try {
      const result = await action();
      await refresh();
      return result;
    } finally {
      setBusy(false);
    }
  };

  return {
    busy,
    // docs/product.md "Tagging": the userId is sent as a number.
    tag: (userId: number) =>
      run(() => sendJson<MediaTag>('POST', mediaTagsKey(mediaId), { userId: Number(userId) } satisfies AddTagRequest)),
    untag: (userId: number) => run(() => sendJson<void>('DELETE', `${mediaTagsKey(mediaId)}/${userId}`)),
  };
}
