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
  /**
   * Only in GET /api/media/{id}/tags: true while the tag waits for someone who may edit the item to confirm it (a
   * merge or an invite carried it; docs/rights.md "Attaching a person to an item"). Until then it shows the person
   * nothing, and the item's own `tags` leave it out. Tagging the person again confirms it.
   */
  awaitingConfirmation?: true;
}

/**
 * Whether the pictures and playback file of an item are made yet (docs/architecture.md "Media worker"): `pending`
 * right after upload, `ready` once made (or when nothing needs making), `failed` with a sentence saying why.
 */
export const MEDIA_PROCESSING_STATES = ['pending', 'ready', 'failed'] as const;
export type MediaProcessing = (typeof MEDIA_PROCESSING_STATES)[number];

/**
 * GET /api/media/limits: the largest file one upload may bring, on `POST /api/media` and `/api/uploads` alike
 * (MAX_UPLOAD_MB; 10 GB unless the operator changed it). `fileTooLargeMessage(maxUploadBytes)` is the sentence.
 */
export interface UploadLimits {
  maxUploadBytes: number;
}

/** One photo, video, recording, document or post. */
export interface MediaItem {
  id: number;
  type: MediaType;
  title: string;
  description: string | null;
  /** The file (`/api/media/{id}/file`); null for a post without an image. */
  url: string | null;
  /**
   * A small WebP picture, 480 px long edge (`/api/media/{id}/thumbnail`) for photos, posts with an image and
   * videos (their poster), once the item is ready, or while it is pending when the upload made it already (JPEG,
   * PNG, WebP, GIF, AVIF); else null.
   */
  thumbnailUrl: string | null;
  /** A WebP picture of at most 2048 px (`/api/media/{id}/preview`) for the same kinds, once ready; else null. */
  previewUrl: string | null;
  /**
   * What a browser plays (`/api/media/{id}/playback`) for videos and recordings, once ready: the original when
   * browsers play it, else an MP4 (H.264/AAC) or M4A made from it. Null for other kinds and until ready.
   */
  playbackUrl: string | null;
  /**
   * The motion of a Motion Photo (Samsung/Google: the clip inside the still) or an iPhone Live Photo (its MOV), as
   * an H.264 MP4 browsers play (`/api/media/{id}/motion`), once ready; null when the photo has none.
   */
  motionUrl: string | null;
  /**
   * What "View full size" opens: the original of a photo browsers show (JPEG, PNG, WebP, GIF, AVIF), else a
   * full-resolution JPEG made from it on first request (`/api/media/{id}/full-size`: HEIC, HEIF, TIFF, BMP) once
   * the photo is ready. Null for other kinds.
   */
  fullSizeUrl: string | null;
  /**
   * A Live Photo's MOV kept beside the still, for download (`/api/media/{id}/file?part=motion&download=1`);
   * null when the item has no second original.
   */
  motionOriginalUrl: string | null;
  processing: MediaProcessing;
  /** Why preparing failed, as a sentence; null unless `processing` is `failed`. */
  processingError: string | null;
  /** As shown (after EXIF orientation or a video's rotation); null until ready and for documents and sound. */
  width: number | null;
  height: number | null;
  /** Length of a video or recording in seconds; null otherwise and until ready. */
  durationSeconds: number | null;
  /** The file's name on the uploader's device; null for a post without an image. */
  originalName: string | null;
  /** The original's size in bytes; null for a post without an image. */
  sizeBytes: number | null;
  /**
   * A calendar date, `YYYY-MM-DD`: the item's day, or, when its date is uncertain (`mediaDateText`), the middle of
   * its span, where it sorts and groups (docs/api.md "Uncertain dates").
   */
  mediaDate: string;
  /**
   * An uncertain date as genealogical text (`ABT 1955`, `BET 1950 AND 1959`, `BEF 1940`), shown in words ("about
   * 1955", "1950s": `itemDateInWords` in `@family/shared/genealogy`); null when `mediaDate` is the exact day.
   */
  mediaDateText: string | null;
  /**
   * Where it was taken, "Paris, France": found from a photo's GPS by the media worker (the nearest city, offline),
   * or written by a person; null when nobody knows (docs/api.md "Places").
   */
  place: string | null;
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
  /**
   * Years, `YYYY`: only items whose date can fall in these years (an uncertain date's span overlaps them); either
   * may be left out. `from` after `to` is refused.
   */
  from?: number;
  to?: number;
  /** Part of the place's name, case-insensitive ("Paris", "france"). */
  place?: string;
  /**
   * `YYYY-MM-DD`: start at the newest item dated before that day (docs/api.md "Browsing"), as a cursor that
   * starts at a date; `cursor`, when given, goes on from where the page before ended instead.
   */
  before?: string;
}

/** GET /api/media */
export interface MediaListQuery extends MediaPageQuery {
  /** With `uploaded=true`: only this person's uploads. */
  userId?: number;
  uploaded?: 'true' | 'false';
  /**
   * An ISO time: only what the asking member uploaded since then (inclusive), newest upload first whatever the
   * items' dates ("Just uploaded"). Pages go on with `cursor` as any list; `before` does not apply.
   */
  uploadedSince?: string;
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
  /** A calendar date, `YYYY-MM-DD`: the exact day (an uncertain date the item had is dropped). */
  mediaDate?: string;
  /**
   * The date as a person writes it, exact or uncertain: `1955-03-12`, `ABT 1955`, `1950s`, `BEF 1940`,
   * `SUMMER 1962`, `BET 1950 AND 1953` (docs/api.md "Uncertain dates"). Not together with `mediaDate`.
   */
  mediaDateText?: string;
  /** Where it was taken, as a person writes it ("Kraków, Poland"); null or empty clears it. */
  place?: string | null;
}

/** The longest date text PATCH /api/media/{id} and the bulk setDate take. */
export const MEDIA_DATE_TEXT_MAX = 100;
/**
 * GET /api/media/places: the places of the items the caller sees that carry a GPS position, one entry per place
 * name at the mean of its items' positions, most items first (at most MEDIA_PLACES_MAX).
 */
export interface MediaPlace {
  place: string;
  latitude: number;
  longitude: number;
  count: number;
}
export const MEDIA_PLACES_MAX = 2000;

/** The longest place name an item keeps. */
export const MEDIA_PLACE_MAX = 200;

/** One bound that a tagged person's life puts on an item's date: born, or died, on a day of this span. */
export interface MediaDateBound {
  /** `YYYY-MM-DD`: the item is no earlier (`after`) or no later (`before`) than this day. */
  day: string;
  /** The birth or death year as people read it ("1958", "about 1958"). */
  year: string;
  person: PersonName;
}

/**
 * GET /api/media/{id}/date-hint: the bounds the lives of the people tagged in the item put on its date, the
 * latest birth and the earliest death among them ("after 1958: Anna is in it"); null where none is known.
 */
export interface MediaDateHint {
  after: MediaDateBound | null;
  before: MediaDateBound | null;
}

/** POST /api/media/{id}/tags */
export interface AddTagRequest {
  userId: number;
}
