import { randomUUID } from 'node:crypto';

/** A new key for an uploaded file: made here, never from the file's name. */
export function newMediaKey(now = new Date()): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `media/${now.getUTCFullYear()}/${month}/${randomUUID()}`;
}

/**
 * The pictures and playback files the media worker makes of an item; the playable motion of a Motion or Live Photo;
 * and the full-size JPEG of a photo browsers cannot show, made on its first "View full size".
 */
export type Derivative = 'thumbnail' | 'preview' | 'playback-video' | 'playback-audio' | 'motion' | 'full-size';

const DERIVATIVE_FILES: Record<Derivative, string> = {
  thumbnail: 'thumbnail.webp',
  preview: 'preview.webp',
  'playback-video': 'playback.mp4',
  'playback-audio': 'playback.m4a',
  motion: 'motion.mp4',
  'full-size': 'full-size.jpg',
};

/** Where a derivative of an item is kept: named by the item, so a reprocess writes over the old one. */
export function derivativeKey(mediaId: number, derivative: Derivative): string {
  return `derived/${mediaId}/${DERIVATIVE_FILES[derivative]}`;
}

/** Every key an item's derivatives may have, for deleting them all (a thumbnail made on view by older versions too). */
export function allDerivativeKeys(mediaId: number): string[] {
  const keys = (Object.keys(DERIVATIVE_FILES) as Derivative[]).map((derivative) => derivativeKey(mediaId, derivative));
  return [...keys, `thumbnails/${mediaId}.webp`];
}
