/**
 * Resumable uploads (tus 1.0) at `/api/uploads`, and what goes with them (docs/api.md "Resumable uploads"). A
 * finished upload becomes a media item exactly as `POST /api/media` makes one.
 */

/** Where a tus client creates uploads (`POST`); each upload lives at `/api/uploads/{id}` (the `Location`). */
export const UPLOADS_PATH = '/api/uploads';

/**
 * Upload-Metadata keys (values base64 per tus). `filename` is required; the rest are the item fields of
 * `POST /api/media`, with the same names and rules; `taggedUsers` is a JSON array of person ids (`[12, 40]`).
 * The kind (photo, video, audio, document) always comes from the file's bytes.
 */
export const UPLOAD_METADATA_KEYS = [
  'filename',
  'filetype',
  'title',
  'description',
  'mediaDate',
  'albumId',
  'taggedUsers',
] as const;
export type UploadMetadataKey = (typeof UPLOAD_METADATA_KEYS)[number];

/** The metadata as the client means it, before base64 (what tus-js-client's `metadata` option takes). */
export interface UploadMetadata {
  /** The file's name on the device; the title defaults to it without its extension. */
  filename: string;
  /** The type the browser gives the file: a hint only, the bytes decide. */
  filetype?: string;
  /** At most 200 characters; the file's name without its extension when empty or left out. */
  title?: string;
  description?: string;
  /** `YYYY-MM-DD`; without it the photo's own date, else the upload day. */
  mediaDate?: string;
  /** The id of an album one created or may edit; empty or `none` is no album. */
  albumId?: string;
  /** JSON array of person ids to tag, e.g. `[12, 40]` (at most 50). */
  taggedUsers?: string;
}

/** At most this many people tagged by one upload. */
export const UPLOAD_TAGS_MAX = 50;

/** Header of the final PATCH's 204 (and of HEAD on a finished upload): the new item's id. */
export const UPLOAD_MEDIA_ID_HEADER = 'Upload-Media-Id';
/** Header of the final PATCH's 204 when the member already had these bytes: that item's id. Nothing new is kept. */
export const UPLOAD_EXISTING_MEDIA_ID_HEADER = 'Upload-Existing-Media-Id';

/**
 * GET /api/uploads/{id}/result: how a finished upload ended, for a client that lost the final answer. A refused
 * upload answers the refusal's status and `{message}` instead; an unknown or unfinished one 404.
 */
export type UploadResult = { mediaId: number } | { existingMediaId: number };

/** How long an unfinished upload is kept: after that its bytes are removed (the media worker's job). */
export const UPLOAD_EXPIRY_HOURS = 24;

/** 507: the disk (or the MinIO server) is full. Nothing of the upload is kept. */
export const DISK_FULL_MESSAGE = "The server's disk is full. Nothing was kept; free some space and try again.";

/** POST /api/media/exists: at most this many checksums at once. */
export const MEDIA_EXISTS_MAX = 1000;

/** POST /api/media/exists: sha256 checksums of files (64 hex digits each). */
export interface MediaExistsRequest {
  sha256: string[];
}

/**
 * Those of the checksums the asking member has uploaded already, in the order asked (each once). An item in the
 * member's trash is listed with `inTrash: true`: uploading it again is refused, restoring it is the way.
 */
export interface MediaExistsResponse {
  items: Array<{ sha256: string; mediaId: number; inTrash?: true }>;
}

/**
 * The sentence for a file over the upload limit (MAX_UPLOAD_MB), on both upload routes and in the web app:
 * "File size must be less than 10 GB", or "… 50 MB" when the limit is not whole gigabytes.
 */
export function fileTooLargeMessage(maxUploadBytes: number): string {
  const megabytes = Math.floor(maxUploadBytes / (1024 * 1024));
  const size = megabytes >= 1024 && megabytes % 1024 === 0 ? `${megabytes / 1024} GB` : `${megabytes} MB`;
  return `File size must be less than ${size}`;
}
