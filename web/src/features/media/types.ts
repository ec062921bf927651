import type { ReactNode } from 'react';
import type { MediaItem, MediaType } from '@family/contract';

/** The five types as the upload dialog and the type filter name them. */
export const MEDIA_TYPE_OPTIONS: ReadonlyArray<{ value: MediaType; label: string; filterLabel: string }> = [
  { value: 'photo', label: 'Photo', filterLabel: 'Photos' },
  { value: 'video', label: 'Video', filterLabel: 'Videos' },
  { value: 'audio', label: 'Audio', filterLabel: 'Audio' },
  { value: 'document', label: 'Document', filterLabel: 'Documents' },
  { value: 'post', label: 'Post', filterLabel: 'Posts' },
];

/**
 * Which media a grid shows: everything, one album, one person's uploads, what one person is tagged in, or what was
 * taken in one place.
 */
export type MediaScope = { albumId?: number } | { uploadedBy: number } | { taggedUserId: number } | { place: string };

export type MediaFilters = {
  /** Title search, case-insensitive substring (server-side). */
  q?: string;
  type?: MediaType | '';
  /** `YYYY-MM-DD`: start at the newest item dated before that day ("Jump to date"). */
  before?: string;
};

/** Places other features fill in (the albums work adds 'Add to Album' and the album line). */
export type MediaDetailSlots = {
  /** Extra buttons in the detail dialog's header, beside edit, tag users and delete. */
  headerActions?: (item: MediaItem) => ReactNode;
  /** The line naming the item's album, with its Remove button. */
  albumLine?: (item: MediaItem) => ReactNode;
};
