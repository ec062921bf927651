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

/** An album, as GET /api/albums answers it (docs/api.md "Album"). */
export type Album = {
  id: number;
  name: string;
  description: string | null;
  /** docs/rights.md "Album visibility": shared, the whole family sees it; else its creator and members do. */
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

/** docs/rights.md "Album rights": the creator or a member with canEdit may add media and members. */
export function canEditAlbum(album: Pick<Album, 'createdBy' | 'members'>, userId: number): boolean {
  return album.createdBy === userId || album.members.some((member) => member.userId === userId && member.canEdit);
}
