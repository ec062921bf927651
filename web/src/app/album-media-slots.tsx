import type { ReactNode } from 'react';
import type { MediaItem } from '@family/contract';
import { AddToAlbumButton } from '../features/albums/components/add-to-album-button';
import { AlbumLine } from '../features/albums/components/album-line';
import type { MediaDetailSlots } from '../features/media/types';
import { useRefreshMedia } from '../lib/queries/media';

// Where the albums feature meets the media grid and detail dialog: the slots the media feature leaves.
// Each control refreshes every media list on screen after moving an item.

function AddToAlbumWithRefresh(props: { item: MediaItem; currentUserId: number; variant: 'icon' | 'button' }) {
  const refreshMedia = useRefreshMedia();
  return <AddToAlbumButton {...props} onChanged={refreshMedia} />;
}

function AlbumLineWithRefresh(props: { item: MediaItem; currentUserId: number }) {
  const refreshMedia = useRefreshMedia();
  return <AlbumLine {...props} onChanged={refreshMedia} />;
}

/** The grid card's 'Add to Album' icon button (MediaGrid's renderCardActions): cards are mostly picture. */
export function albumCardActions(currentUserId: number): (item: MediaItem) => ReactNode {
  return (item) => <AddToAlbumWithRefresh item={item} currentUserId={currentUserId} variant="icon" />;
}

/** The detail dialog's 'Add to Album' header button and its album line with Remove (MediaDetailSlots). */
export function albumDetailSlots(currentUserId: number): MediaDetailSlots {
  return {
    headerActions: (item) => <AddToAlbumWithRefresh item={item} currentUserId={currentUserId} variant="icon" />,
    albumLine: (item) => <AlbumLineWithRefresh item={item} currentUserId={currentUserId} />,
  };
}
