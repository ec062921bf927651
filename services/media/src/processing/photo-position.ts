import exifr from 'exifr';
import { isPosition, type Position } from '../places/nearest-city';
import { readHeifExif } from './heif-exif';

const ISO_BMFF_IMAGES = new Set([
  'image/heic',
  'image/heif',
  'image/heic-sequence',
  'image/heif-sequence',
  'image/avif',
]);

/**
 * Where a photo was taken, from its EXIF GPS (JPEG, TIFF, PNG, WebP, HEIC/HEIF, AVIF): null without one, and
 * `outOfRange` for a position that is not on Earth (a damaged or made-up tag), which is ignored.
 */
export async function photoPosition(path: string, contentType: string): Promise<Position | 'outOfRange' | null> {
  try {
    const source = ISO_BMFF_IMAGES.has(contentType) ? await readHeifExif(path) : path;
    if (!source) return null;
    const gps = (await exifr.gps(source)) as Partial<Position> | undefined;
    if (!gps || (gps.latitude === undefined && gps.longitude === undefined)) return null;
    return isPosition(gps) ? { latitude: gps.latitude, longitude: gps.longitude } : 'outOfRange';
  } catch {
    // No EXIF, or a damaged block: no position.
    return null;
  }
}
