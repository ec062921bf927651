/** Browsing like a photo app (docs/api.md "Browsing"): months, on this day, and actions on many items at once. */
import type { MediaItem } from './media';

/** One row of GET /api/media/months, newest month first: how many items the caller may see in that month. */
export interface MediaMonth {
  /** `YYYY-MM`. */
  month: string;
  count: number;
}

/** GET /api/media/on-this-day: items from today's day and month in earlier years, newest year first. */
export interface OnThisDayGroup {
  /** How many years ago (1 or more). */
  yearsAgo: number;
  items: MediaItem[];
}

/** Bulk actions take at most this many ids in one request. */
export const BULK_MAX_IDS = 500;

export const BULK_ACTIONS = ['addToAlbum', 'tag', 'delete', 'setDate'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** POST /api/media/bulk: `albumId` for addToAlbum, `userId` for tag, `date` for setDate. */
export interface BulkRequest {
  action: BulkAction;
  ids: number[];
  albumId?: number;
  userId?: number;
  /** The date as PATCH /api/media/{id} takes `mediaDateText`: `ABT 1955`, `1950s`, `1955-03-12`. */
  date?: string;
}

/** An id the action left alone, and why, as a sentence. Ids one may not see are "not found", never more. */
export interface BulkSkip {
  id: number;
  reason: string;
}

export interface BulkResult {
  /** The ids the action was applied to. */
  done: number[];
  skipped: BulkSkip[];
}

/** POST /api/media/download: one ZIP of the originals of these items (at most BULK_MAX_IDS), streamed. */
export interface BulkDownloadRequest {
  ids: number[];
}
