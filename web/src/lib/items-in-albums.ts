import { useMemo } from 'react';
import type { Album, MediaItem, PersonName } from '@family/contract';
import { useAlbums } from './queries/albums';
import { useCurrentUser } from './queries/current-user';
import type { PickablePerson } from './queries/people';

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

/** An item whose uploader these rules may offer by name. */
type NamedAlbumItem = Pick<MediaItem, 'albumId'> & { user: PersonName };

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

/**
 * Whom the person may tag on an item (docs/rights.md "Attaching a person to an item"): anyone (`null`) where they
 * may edit it, or it is in no album or a shared one; otherwise only those who see it already, its album's creator
 * and members and its uploader, for the server refuses to show a private album's item to anyone else on their word.
 * An album they do not see (they see the item by a tag) leaves its uploader alone.
 */
export function peopleToTag(item: NamedAlbumItem, userId: number, albums: readonly Album[]): PickablePerson[] | null {
  if (item.albumId === null || mayEditItem(item, userId, albums)) return null;
  const album = albums.find((candidate) => candidate.id === item.albumId);
  if (album?.isShared) return null;
  const names = album ? [album.creator, ...album.members.map((member) => member.user), item.user] : [item.user];
  const unique = new Map(names.map((name) => [name.id, { ...name, profilePicture: null } as PickablePerson]));
  return [...unique.values()];
}

/** peopleToTag for the signed-in person, from the albums they see. */
export function usePeopleToTag(item: NamedAlbumItem): PickablePerson[] | null {
  const { user: me } = useCurrentUser();
  const { albums } = useAlbums();
  return useMemo(() => (me === null ? [] : peopleToTag(item, me.id, albums)), [item, me, albums]);
}
