import type { JobKind } from '@family/shared/jobs';

/**
 * Looking for faces on an item's picture is a job of its own lane, keyed by the item's id, worked by the faces
 * worker (faces-worker.ts), queued by the media worker once the item's pictures are made, and by the faces
 * worker's backfill for items prepared before (docs/architecture.md "Faces"). Two retries, for the storage or
 * the database being away; a picture that cannot be read fails at once.
 */
export const DETECT_FACES: JobKind = { name: 'detect-faces', retryLimit: 2, retryDelaySeconds: 10 };

export interface DetectFacesJob {
  mediaId: number;
}

/** `FACES=off` turns faces off: no job is queued and no faces worker runs. */
export type FacesSwitch = 'on' | 'off';
