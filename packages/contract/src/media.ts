import type { PersonName } from './person';

/** Every kind of item the archive keeps. */
export const MEDIA_TYPES = ['photo', 'video', 'audio', 'document', 'post'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/** Media lists come a page at a time: this many items unless `limit` says otherwise, and never more than the max. */
export const DEFAULT_PAGE_SIZE = 60;
export const MAX_PAGE_SIZE = 200;
export const MEDIA_TITLE_MAX = 200;
export const MEDIA_DESCRIPTION_MAX = 5000;

/** A person tagged in an item: GET /api/media/{id}/tags lists them, POST /api/media/{id}/tags answers one. */
export interface MediaTag {
  userId: number;
  user: PersonName;
}

/** One photo, video, recording, document or post. */
export interface MediaItem {
  id: number;
  type: MediaType;
  title: string;
  description: string | null;
  /** The file (`/api/media/{id}/file`); null for a post without an image. */
  url: string | null;
  /** A small WebP preview (`/api/media/{id}/thumbnail`) for photos and posts with an image, else null. */
  thumbnailUrl: string | null;
  /** A calendar date, `YYYY-MM-DD`. */
  mediaDate: string;
  /** The one album it is in, if any. */
  albumId: number | null;
  website_url: string | null;
  content: string | null;
  /** The uploader. */
  user: PersonName;
  tags: MediaTag[];
  /** ISO timestamp. */
  createdAt: string;
}

/** One page of GET /api/media or /api/media/tagged, newest mediaDate first; `nextCursor` asks for the next. */
export interface MediaPage {
  items: MediaItem[];
  nextCursor: string | null;
}

/** What both media lists take in their query string (sent as text, read as these types). */
interface MediaPageQuery {
  limit?: number;
  /** `nextCursor` of the page before. */
  cursor?: string;
  /** Title search, case-insensitive substring. */
  q?: string;
  type?: MediaType;
  albumId?: number;
}

/** GET /api/media */
export interface MediaListQuery extends MediaPageQuery {
  /** With `uploaded=true`: only this person's uploads. */
  userId?: number;
  uploaded?: 'true' | 'false';
}

/** GET /api/media/tagged */
export interface TaggedMediaListQuery extends MediaPageQuery {
  /** Whose tagged media; the signed-in person when left out. */
  userId?: number;
}

/**
 * POST /api/media: the text fields of the multipart form, beside the file in the field `file` (a post may have
 * none). The server trims them; empty optional fields count as not given.
 */
export interface UploadMediaFields {
  type: MediaType;
  title: string;
  description?: string;
  /** A calendar date, `YYYY-MM-DD`; without it the photo's own date, else the upload day. */
  mediaDate?: string;
  /** The id of an album one created or may edit. */
  albumId?: string;
  /** A post's text. */
  content?: string;
  /** A post's website. */
  websiteUrl?: string;
}

/** PATCH /api/media/{id}: the fields given change; an empty or null description clears it. Answers the item. */
export interface UpdateMediaRequest {
  title?: string;
  description?: string | null;
  /** A calendar date, `YYYY-MM-DD`. */
  mediaDate?: string;
}

/** POST /api/media/{id}/tags */
export interface AddTagRequest {
  userId: number;
}
