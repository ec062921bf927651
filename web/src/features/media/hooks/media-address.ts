import { createContext, useCallback, useContext } from 'react';
import { type Location, useLocation, useMatch, useNavigate } from 'react-router-dom';
import type { MediaItem } from '@family/contract';
import { paths } from '../../../config/paths';
import { parseId } from '../../../lib/parse-id';

/**
 * docs/product.md "Media addresses": `/media/{id}` is pushed over the page it was opened from. The state names
 * that page (`background`), which the app keeps on screen underneath, and the list that opened the item
 * (`list`), which shows the dialog and moves through its own items.
 */
export type MediaAddressState = { background?: Location; list?: string };

/** True while the app keeps the page an item was opened from on screen under `/media/{id}` (app root). */
export const PageBehindMediaContext = createContext(false);

export const usePageBehindMedia = () => useContext(PageBehindMediaContext);

// Ids of lists are made per mount; this part keeps a list of this load from taking an address another load made.
const LOAD = Math.random().toString(36).slice(2, 8);

/** A name for one list on screen, unique in this load of the app. */
export const mediaListId = (reactId: string) => `${LOAD}${reactId}`;

/** The media address being shown, and who owns it. */
export function useMediaAddress() {
  const location = useLocation();
  const match = useMatch(paths.media.path);
  const state = (location.state ?? null) as MediaAddressState | null;
  return { location, state, openId: match ? parseId(match.params.id) : null };
}

/** Opening an item from a list: `/media/{id}` goes into the address bar, over the list's own address. */
export function useOpenMedia(listId: string) {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (item: MediaItem) => {
      const state: MediaAddressState = { background: location, list: listId };
      void navigate(paths.media.getHref(item.id), { state });
    },
    [navigate, location, listId],
  );
}

/** Whether the address's item belongs to this list: opened from it, or (for the gallery) opened by its address. */
export function useOwnsMediaAddress(listId: string, takesDirectAddress: boolean) {
  const { state, openId } = useMediaAddress();
  if (openId === null) return null;
  // takesDirectAddress: the gallery the media route shows after a reload or a shared link, nothing else behind.
  return state?.list === listId || takesDirectAddress ? openId : null;
}
