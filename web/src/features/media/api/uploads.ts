import { ApiError, getJson, sendJson } from '../../../lib/api';
import { MEDIA_KEY_PREFIX } from '../../../lib/queries/media';
import type { UploadResult } from '../upload-queue/tus-upload';

/** tus 1.0 (docs/api.md "Uploads"): the resumable way in for files, same origin, behind the session. */
export const UPLOADS_ENDPOINT = '/api/uploads';

/** The route takes at most this many hashes at once. */
export const EXISTS_BATCH = 1000;

export type ExistingItem = { mediaId: number; inTrash?: boolean };

/**
 * POST /api/media/exists: of these SHA-256 hashes, those the member already uploaded, with the item's id (and
 * whether it waits in their trash).
 */
export async function findExisting(sha256: string[]): Promise<Map<string, ExistingItem>> {
  const found = new Map<string, ExistingItem>();
  for (let start = 0; start < sha256.length; start += EXISTS_BATCH) {
    const { items } = await sendJson<{ items: Array<{ sha256: string; mediaId: number; inTrash?: boolean }> }>(
      'POST',
      `${MEDIA_KEY_PREFIX}/exists`,
      { sha256: sha256.slice(start, start + EXISTS_BATCH) },
    );
    for (const item of items) found.set(item.sha256, { mediaId: item.mediaId, inTrash: item.inTrash === true });
  }
  return found;
}

/**
 * GET /api/uploads/{id}/result: what a finished upload became; null while it is unfinished (404). A refused upload
 * throws the refusal (its status and sentence).
 */
export async function fetchUploadResult(uploadUrl: string): Promise<UploadResult | null> {
  const path = new URL(uploadUrl, window.location.href).pathname;
  try {
    const result = await getJson<{ mediaId?: number; existingMediaId?: number }>(`${path}/result`);
    if (typeof result.mediaId === 'number') return { mediaId: result.mediaId };
    if (typeof result.existingMediaId === 'number') return { existingMediaId: result.existingMediaId };
    return null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** GET /api/media?uploadedSince=: what the member uploaded since then, newest upload first ("Just uploaded"). */
export const justUploadedKey = (since: string, limit = 60) =>
  `${MEDIA_KEY_PREFIX}?uploadedSince=${encodeURIComponent(since)}&limit=${limit}`;
