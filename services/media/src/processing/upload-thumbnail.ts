/**
 * The thumbnail an upload makes itself, so the grid shows a new photo at once (docs/architecture.md "Media
 * worker"): only for kinds sharp decodes straight away and files small enough to answer the upload quickly. HEIC,
 * TIFF, BMP and videos wait for the worker, which makes every derivative anyway (and this thumbnail again).
 */
import sharp from 'sharp';
import { THUMBNAIL_EDGE } from './derive';

const DIRECT_PICTURES = new Set(['image/jpeg', 'image/png', 'image/apng', 'image/webp', 'image/gif', 'image/avif']);
/** A 12-MP phone JPEG is 3–8 MB; larger files (scans, panoramas) would hold the upload answer back too long. */
export const UPLOAD_THUMBNAIL_MAX_BYTES = 32 * 1024 * 1024;
const UPLOAD_THUMBNAIL_TIMEOUT_SECONDS = 10;

export function thumbnailAtUpload(contentType: string, size: number): boolean {
  return DIRECT_PICTURES.has(contentType) && size <= UPLOAD_THUMBNAIL_MAX_BYTES;
}

/**
 * A WebP of 480 px long edge, turned by its EXIF orientation, without metadata (sharp writes none unless asked).
 * Resizing straight after decoding lets libjpeg and libwebp shrink while they decode (shrink-on-load), so a 12-MP
 * JPEG is never decoded at full size.
 */
export function makeThumbnail(original: Buffer): Promise<Buffer> {
  return sharp(original, { failOn: 'error' })
    .timeout({ seconds: UPLOAD_THUMBNAIL_TIMEOUT_SECONDS })
    .rotate()
    .resize({ width: THUMBNAIL_EDGE, height: THUMBNAIL_EDGE, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80, effort: 2 })
    .toBuffer();
}
