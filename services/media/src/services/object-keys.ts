import { randomUUID } from 'node:crypto';

/** A new key for an uploaded file: made here, never from the file's name. */
export function newMediaKey(now = new Date()): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `media/${now.getUTCFullYear()}/${month}/${randomUUID()}`;
}

/** Where an item's thumbnail is kept once made. */
export function thumbnailKey(mediaId: number): string {
  return `thumbnails/${mediaId}.webp`;
}
