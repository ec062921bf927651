import { useCallback } from 'react';
import { useSWRConfig } from 'swr';

/** Every media query's key (grids, items, tags, profile strips) starts with this. */
export const MEDIA_KEY_PREFIX = '/api/media';

/** GET /api/media/limits: the largest file one upload may bring, as the server takes it. */
export const UPLOAD_LIMITS_KEY = `${MEDIA_KEY_PREFIX}/limits`;

/** Whether an SWR key is one of the media queries (a string starting with '/api/media'). */
export function isMediaKey(key: unknown): key is string {
  return typeof key === 'string' && key.startsWith(MEDIA_KEY_PREFIX);
}

/**
 * A key under '/api/media' that holds no data, only a count. SWR's filtered mutate skips useSWRInfinite's own
 * keys, so the grids also watch this one: when anyone revalidates the media keys, every grid on screen reloads.
 */
export const MEDIA_LISTS_SIGNAL_KEY = `${MEDIA_KEY_PREFIX}#lists`;

let signalCount = 0;
export const nextMediaListsSignal = () => ++signalCount;

/**
 * docs/product.md "Fresh lists": after an upload, edit, delete, (un)tag or a move between albums, the media lists
 * refresh: SWR mutate on every key starting with '/api/media' (the grids through their signal key, items, tags,
 * profile cards).
 */
export function useRefreshMedia() {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate(isMediaKey), [mutate]);
}
