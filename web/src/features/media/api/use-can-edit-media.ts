import type { MediaItem } from '@family/contract';
import { canEditAlbum, useAlbums } from '../../../lib/queries/albums';
import { useCurrentUser } from '../../../lib/queries/current-user';

/** docs/rights.md "Media rights": the uploader, or whoever may edit the item's album (the server checks again). */
export function useCanEditMedia(item: Pick<MediaItem, 'user' | 'albumId'>): boolean {
  const { user: me } = useCurrentUser();
  const { albums } = useAlbums();
  if (!me) return false;
  if (item.user.id === me.id) return true;
  const album = item.albumId === null ? undefined : albums.find((candidate) => candidate.id === item.albumId);
  return album !== undefined && canEditAlbum(album, me.id);
}
