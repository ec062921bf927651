import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import type { MediaItem } from '@family/contract';
import { paths } from '../../../config/paths';
import { mediaItemKey } from '../api/media-keys';
import {
  type MediaAddressState,
  useMediaAddress,
  useOwnsMediaAddress,
  usePageBehindMedia,
} from '../hooks/media-address';
import type { MediaDetailSlots } from '../types';
import { MediaDetailDialog } from './media-detail-dialog';

type RoutedMediaDialogProps = {
  /** The list's name in the address state (mediaListId). */
  listId: string;
  /** The list's items as loaded so far, in its order, filter, search and scope. */
  items: MediaItem[];
  hasMore?: boolean;
  loadMore?: () => void;
  /** The gallery under a reloaded or shared `/media/{id}`: shows that item though no list opened it. */
  takesDirectAddress?: boolean;
  slots?: MediaDetailSlots;
};

/**
 * The detail dialog of the item at `/media/{id}` when this list opened it (docs/product.md "Media addresses"),
 * with Previous and Next through the list: the next page is loaded when the end is reached, and the
 * neighbours' pictures are fetched ahead.
 */
export function RoutedMediaDialog({
  listId,
  items,
  hasMore = false,
  loadMore,
  takesDirectAddress = false,
  slots,
}: RoutedMediaDialogProps) {
  const navigate = useNavigate();
  const { state } = useMediaAddress();
  const pageBehind = usePageBehindMedia();
  const openId = useOwnsMediaAddress(listId, takesDirectAddress);
  const index = openId === null ? -1 : items.findIndex((item) => item.id === openId);
  // A shared link to an item not among the loaded ones: the item alone, from its own address.
  const { data: fetched } = useSWR<MediaItem>(
    takesDirectAddress && openId !== null && index < 0 ? mediaItemKey(openId) : null,
  );
  // An item that left the list while open (just deleted) stays shown until the dialog closes.
  const lastShown = useRef<MediaItem | null>(null);
  const found = index >= 0 ? items[index] : (fetched ?? null);
  const item = found ?? (lastShown.current?.id === openId ? lastShown.current : null);
  useEffect(() => {
    lastShown.current = item;
  });
  const previous = index > 0 ? items[index - 1] : null;
  const next = index >= 0 && index < items.length - 1 ? items[index + 1] : null;
  const atEnd = index >= 0 && index === items.length - 1;

  const go = (target: MediaItem) => {
    const nextState: MediaAddressState = { ...state, list: listId };
    void navigate(paths.media.getHref(target.id), { replace: true, state: nextState });
  };

  // Next at the end of what is loaded: load the next page, then move on once it is here.
  const waitingForNext = useRef<number | null>(null);
  useEffect(() => {
    if (waitingForNext.current !== null && waitingForNext.current === openId && next) {
      waitingForNext.current = null;
      go(next);
    }
  });

  // The last loaded item is open: the next page is fetched ahead, as the grid would while scrolling. Once per
  // item: the list hands a new loadMore on every render.
  const loadNextPage = useRef(loadMore);
  loadNextPage.current = loadMore;
  useEffect(() => {
    if (atEnd && hasMore) loadNextPage.current?.();
  }, [atEnd, hasMore, openId]);

  // The neighbours' pictures ahead, so moving on shows them at once.
  useEffect(() => {
    for (const neighbour of [previous, next]) {
      const url = neighbour?.previewUrl ?? neighbour?.thumbnailUrl;
      if (url) new Image().src = url;
    }
  }, [previous, next]);

  const close = () => {
    if (pageBehind && state?.background) {
      // Back to the list's own address, as the browser's Back does.
      void navigate(-1);
      return;
    }
    const back = state?.background;
    void navigate(back ? { pathname: back.pathname, search: back.search, hash: back.hash } : paths.home.getHref(), {
      replace: true,
    });
  };

  const goNext = () => {
    if (next) go(next);
    else if (atEnd && hasMore) {
      // Already asked for when this item opened; asking again would load one page too many.
      waitingForNext.current = openId;
    }
  };

  return (
    <MediaDetailDialog
      item={item}
      open={openId !== null && item !== null}
      onClose={close}
      slots={slots}
      onPrevious={previous ? () => go(previous) : undefined}
      onNext={next || (atEnd && hasMore) ? goNext : undefined}
    />
  );
}
