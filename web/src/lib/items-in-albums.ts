import type { Album, MediaItem } from '@family/contract';
import { useAlbums } from './queries/albums';
import { useCurrentUser } from './queries/current-user';

/**
 * The web's mirror of docs/rights.md "Items in albums" and "Media rights", to offer only what the server allows
 * (the server checks again: AlbumRights.canEdit in albums, MediaAccess.canEdit in media).
 */

/** An album editor: its creator, or a member with Can Edit. They add items and members to it. */
export function isAlbumEditor(album: Pick<Album, 'createdBy' | 'members'>, userId: number): boolean {
  return album.createdBy === userId || album.members.some((member) => member.userId === userId && member.canEdit);
}

/** An item as these rules read it: who uploaded it and which album it is in. */
export type AlbumItem = Pick<MediaItem, 'albumId'> & { user?: Pick<MediaItem['user'], 'id'> };

/**
 * Who may edit an item (and prepare it again) or take it out of its album: its uploader, or an editor of the album
 * it is in. `albums` are those the person sees: an album missing from them gives no right here.
 */
export function mayEditItem(item: AlbumItem, userId: number, albums: readonly Album[]): boolean {
  if (item.user?.id === userId) return true;
  const album = item.albumId === null ? undefined : albums.find((candidate) => candidate.id === item.albumId);
  return album !== undefined && isAlbumEditor(album, userId);
}

/** mayEditItem for the signed-in person, from the albums they see. */
export function useMayEditItem(item: AlbumItem): boolean {
  const { user: me } = useCurrentUser();
  const { albums } = useAlbums();
  return me !== null && mayEditItem(item, me.id, albums);
}

/**
 * Who may delete an item (into the trash): its uploader, or the creator of the album it is in (docs/rights.md
 * "Media rights"; an album member with Can Edit may edit it, not delete it).
 */
export function mayDeleteItem(item: AlbumItem, userId: number, albums: readonly Album[]): boolean {
  if (item.user?.id === userId) return true;
  const album = item.albumId === null ? undefined : albums.find((candidate) => candidate.id === item.albumId);
  return album !== undefined && album.createdBy === userId;
}

/** mayDeleteItem for the signed-in person, from the albums they see. */
export function useMayDeleteItem(item: AlbumItem): boolean {
  const { user: me } = useCurrentUser();
  const { albums } = useAlbums();
  return me !== null && mayDeleteItem(item, me.id, albums);
}
