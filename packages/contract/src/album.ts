import type { MediaItem } from './media';
import type { PersonName } from './person';

export const ALBUM_NAME_MAX = 100;
export const ALBUM_DESCRIPTION_MAX = 2000;

export interface AlbumMember {
  userId: number;
  /** May add media and members. */
  canEdit: boolean;
  user: PersonName;
}

/**
 * One of an album's newest items as its card shows it: a thumbnail, or an icon of its kind named by its title.
 * Light on purpose: a list of many albums carries four of these each (docs/api.md "Album").
 */
export type AlbumPreviewItem = Pick<MediaItem, 'id' | 'type' | 'title' | 'thumbnailUrl'>;

/** An album as GET /api/albums lists it and every album change answers it. */
export interface Album {
  id: number;
  name: string;
  description: string | null;
  /** Seen by the whole family; otherwise by its creator and members only. */
  isShared: boolean;
  createdBy: number;
  creator: PersonName;
  members: AlbumMember[];
  /** The newest four items, a preview; the whole album is GET /api/media?albumId={id}. */
  mediaItems: AlbumPreviewItem[];
  itemCount: number;
  /** Members plus one for the creator. */
  memberCount: number;
  /** ISO timestamp. */
  createdAt: string;
}

/** POST /api/albums */
export interface CreateAlbumRequest {
  name: string;
  description?: string | null;
  isShared?: boolean;
}

/** PATCH /api/albums/{id}: only what is sent changes. */
export interface UpdateAlbumRequest {
  name?: string;
  description?: string | null;
  isShared?: boolean;
}

/** GET /api/albums?userId=: only the albums that person created (and the caller may see). */
export interface AlbumListQuery {
  userId?: number;
}

/** POST /api/albums/{id}/members; answers the album. */
export interface AddAlbumMemberRequest {
  userId: number;
  canEdit?: boolean;
}

/**
 * docs/rights.md "Items in albums": the sentences of every path that puts items into albums or takes them out
 * (albums' routes, media's select many and uploads), kept in one place so each path answers alike.
 */
export const ALBUM_ITEM_SENTENCES = {
  albumNotFound: 'Album not found',
  addMediaForbidden: 'Only the album creator or a member who can edit may add media to this album',
  addItemForbidden: 'Only the uploader or an album editor can add this item to an album',
  inAnotherAlbum: 'This item is already in an album',
  uploadIntoForbidden: 'You can only upload into an album you created or may edit.',
  notInAlbum: 'This item is not in that album.',
  takeOutForbidden: 'Only the uploader or an album editor can remove this item from the album',
  moveForbidden: 'Only the uploader or an editor of its album can move this item to another album',
  movedMeanwhile: 'This item was just moved by someone else. Please look again and try once more.',
} as const;

/** PUT /api/media/{id}/album: the item goes into this album, out of the one it is in (if any); answers the item. */
export interface MoveToAlbumRequest {
  albumId: number;
}
