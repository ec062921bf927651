import { MEDIA_KEY_PREFIX } from '../../../lib/queries/media';
import type { MediaFilters, MediaScope } from '../types';

export const mediaItemKey = (id: number) => `${MEDIA_KEY_PREFIX}/${id}`;
export const MEDIA_MONTHS_KEY = `${MEDIA_KEY_PREFIX}/months`;
export const ON_THIS_DAY_KEY = `${MEDIA_KEY_PREFIX}/on-this-day`;
export const MEDIA_PLACES_KEY = `${MEDIA_KEY_PREFIX}/places`;
export const mediaTagsKey = (id: number) => `${MEDIA_KEY_PREFIX}/${id}/tags`;

/** GET /api/media (or /api/media/tagged) for a scope, filters and page. */
export function mediaListPath(
  scope: MediaScope,
  filters: MediaFilters,
  page: { limit?: number; cursor?: string | null } = {},
): string {
  const params = new URLSearchParams();
  let base = MEDIA_KEY_PREFIX;
  if ('taggedUserId' in scope) {
    base = `${MEDIA_KEY_PREFIX}/tagged`;
    params.set('userId', String(scope.taggedUserId));
  } else if ('uploadedBy' in scope) {
    params.set('userId', String(scope.uploadedBy));
    params.set('uploaded', 'true');
  } else if ('place' in scope) {
    params.set('place', scope.place);
  } else if (scope.albumId !== undefined) {
    params.set('albumId', String(scope.albumId));
  }
  const q = filters.q?.trim();
  if (q) params.set('q', q);
  if (filters.type) params.set('type', filters.type);
  if (filters.before) params.set('before', filters.before);
  if (page.limit) params.set('limit', String(page.limit));
  if (page.cursor) params.set('cursor', page.cursor);
  const query = params.toString();
  return query ? `${base}?${query}` : base;
}
export const mediaFacesKey = (id: number) => `${MEDIA_KEY_PREFIX}/${id}/faces`;
