import type { ReactNode } from 'react';

/** A media item, as GET /api/media answers it (docs/api.md "Media item"; all five types work end to end). */
export type MediaType = 'photo' | 'video' | 'audio' | 'document' | 'post';

/** A person as a media item shows them. */
export type PersonRef = {
  id: number;
  displayName: string;
  username: string;
};

export type MediaTag = {
  userId: number;
  user: PersonRef;
};

export type MediaItem = {
  id: number;
  type: MediaType;
  title: string;
  description: string | null;
  /** The file (`/api/media/{id}/file`); null for a post without an image. */
  url: string | null;
  /** A small WebP preview, for photos and posts with an image. */
  thumbnailUrl: string | null;
  /** A calendar date, 'YYYY-MM-DD'. */
  mediaDate: string;
  albumId: number | null;
  website_url: string | null;
  content: string | null;
  user: PersonRef;
  tags: MediaTag[];
  createdAt: string;
};

/** docs/api.md "Lists and pages": one page, newest first; `nextCursor` asks for the next. */
export type MediaPage = {
  items: MediaItem[];
  nextCursor: string | null;
};

export const MEDIA_TYPES: ReadonlyArray<{ value: MediaType; label: string; filterLabel: string }> = [
  { value: 'photo', label: 'Photo', filterLabel: 'Photos' },
  { value: 'video', label: 'Video', filterLabel: 'Videos' },
  { value: 'audio', label: 'Audio', filterLabel: 'Audio' },
  { value: 'document', label: 'Document', filterLabel: 'Documents' },
  { value: 'post', label: 'Post', filterLabel: 'Posts' },
];

/** Which media a grid shows: everything, one album, one person's uploads, or what one person is tagged in. */
export type MediaScope = { albumId?: number } | { uploadedBy: number } | { taggedUserId: number };

export type MediaFilters = {
  /** Title search, case-insensitive substring (server-side). */
  q?: string;
  type?: MediaType | '';
};

/** Places other features fill in (the albums work adds 'Add to Album' and the album line). */
export type MediaDetailSlots = {
  /** Extra buttons in the detail dialog's header, beside edit, tag users and delete. */
  headerActions?: (item: MediaItem) => ReactNode;
  /** The line naming the item's album, with its Remove button. */
  albumLine?: (item: MediaItem) => ReactNode;
};
