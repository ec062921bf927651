import sharp from 'sharp';
import type { RgbPicture } from './face-detector';

/** The detector's picture: long edge at most 1024 px (docs/architecture.md "Faces"). */
export const FACE_PICTURE_EDGE = 1024;

/** Thrown when the picture cannot be decoded: the faces job fails with this sentence and is not tried again. */
export class FacePictureError extends Error {}

export const UNREADABLE_PICTURE = 'The picture could not be read to look for faces.';

/** Decodes a stored picture (the item's preview, a WebP or JPEG) to RGB at most 1024 px on its long edge. */
export async function readFacePicture(bytes: Buffer): Promise<RgbPicture> {
  try {
    const { data, info } = await sharp(bytes, { failOn: 'error' })
      .rotate()
      .resize(FACE_PICTURE_EDGE, FACE_PICTURE_EDGE, { fit: 'inside', withoutEnlargement: true })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw new Error(`${info.channels} channels`);
    return { data, width: info.width, height: info.height };
  } catch {
    throw new FacePictureError(UNREADABLE_PICTURE);
  }
}
