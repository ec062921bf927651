import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { MEDIA_KEY_PREFIX } from './media-keys';

/**
 * A key under '/api/media' that holds no data, only a count. SWR's filtered mutate skips useSWRInfinite's own
 * keys, so the grids also watch this one: when anyone revalidates the keys starting with '/api/media' (this
 * feature after a change, the albums work after adding to an album), every grid on screen reloads.
 */
export const MEDIA_LISTS_SIGNAL_KEY = `${MEDIA_KEY_PREFIX}#lists`;

let signalCount = 0;
export const nextMediaListsSignal = () => ++signalCount;

/** Whether an SWR key is one of the media queries (a string starting with '/api/media'). */
export function isMediaKey(key: unknown): key is string {
  return typeof key === 'string' && key.startsWith(MEDIA_KEY_PREFIX);
}

/**
 * docs/product.md "Fresh lists": after an upload, edit, delete or (un)tag, media lists refresh: SWR mutate on every key
 * starting with '/api/media' (the grids through their signal key, items, tags, profile cards). Other features may
 * call it too (the albums work does, after moving an item).
 */
export function useRefreshMedia() {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate(isMediaKey), [mutate]);
}
