import type { ReactNode } from 'react';

/** A person as an album shows them. */
export type AlbumPerson = {
  id: number;
  displayName: string;
  username: string;
};

export type AlbumMember = {
  userId: number;
  canEdit: boolean;
  user: AlbumPerson;
};

/** The part of a media item an album card's preview needs (the server sends whole media items). */
export type AlbumMediaPreview = {
  id: number;
  type: string;
  title: string;
  url: string | null;
  thumbnailUrl: string | null;
};

/** SPEC.md §3 Album, as GET /api/albums answers it. */
export type Album = {
  id: number;
  name: string;
  description: string | null;
  /** DESIGN.md: a shared album is seen by the whole family; otherwise by its creator and members. */
  isShared: boolean;
  createdBy: number;
  creator: AlbumPerson;
  members: AlbumMember[];
  /** The newest few items, for the card's preview. */
  mediaItems: AlbumMediaPreview[];
  itemCount: number;
  /** Members plus one for the creator. */
  memberCount: number;
  createdAt: string;
};

/** A media item as the album controls need it: which album it is in, and who uploaded it. */
export type AlbumMediaTarget = {
  id: number;
  title?: string;
  albumId: number | null;
  user?: { id: number };
};

/** Renders an album's media (the media feature's grid, scoped to the album), composed in app/routes. */
export type RenderAlbumMedia = (album: Pick<Album, 'id' | 'name'>) => ReactNode;

/** DESIGN.md "album rights": the creator or a member with canEdit may add media and members. */
export function canEditAlbum(album: Pick<Album, 'createdBy' | 'members'>, userId: number): boolean {
  return album.createdBy === userId || album.members.some((member) => member.userId === userId && member.canEdit);
}
