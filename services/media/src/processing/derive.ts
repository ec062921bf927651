/**
 * The pictures the archive shows instead of an original: a thumbnail (WebP, 480 px long edge) for the grid and a
 * preview (WebP, long edge at most 2048 px) for the detail view, made from a photo or from a frame of a video.
 * Every photo kind is read: HEIC through heic-decode, a TIFF's first page, EXIF orientation applied. Nothing of
 * the original's metadata (EXIF, GPS) is written into them. Files are read from and written to disk; a derivative
 * appears under its final name only once it is complete.
 */
import { rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { DecodeTimeout, decodeHeic } from './heic-decoder';
import { runTool, toolThreads, ToolFailure } from './media-tools';
import { FFMPEG_PHOTOS, type MediaProbe } from './probe';
import { DAMAGED_MESSAGES, MediaProcessingError, type ProcessedKind, tooSlowMessage } from './processing-error';
import { videoFilters } from './video-filters';

export const THUMBNAIL_EDGE = 480;
export const PREVIEW_EDGE = 2048;
export const DERIVATIVE_TYPE = 'image/webp';

const PHOTO_TIMEOUT_MS = 120_000;
const POSTER_TIMEOUT_MS = 60_000;
/** Formats libheif reads that sharp's prebuilt libvips cannot (it decodes AV1, so AVIF goes straight to sharp). */
const HEVC_PHOTOS = new Set(['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence']);

export interface Picture {
  path: string;
  width: number;
  height: number;
}

export interface PictureDerivatives {
  thumbnail: Picture;
  preview: Picture;
}

export interface DeriveOptions {
  timeoutMs?: number;
}

/** Thumbnail and preview of a photo, as `thumbnail.webp` and `preview.webp` in `outDir` (an existing folder). */
export async function derivePhoto(
  inputPath: string,
  contentType: string,
  outDir: string,
  options: DeriveOptions = {},
): Promise<PictureDerivatives> {
  const timeoutMs = options.timeoutMs ?? PHOTO_TIMEOUT_MS;
  if (HEVC_PHOTOS.has(contentType)) {
    return writeDerivatives(await openHeif(inputPath, timeoutMs), outDir, 'photo', timeoutMs);
  }
  if (FFMPEG_PHOTOS.has(contentType)) {
    // A BMP comes in through ffmpeg as a lossless PNG frame.
    const framePath = join(outDir, 'photo-frame.png');
    try {
      await grabFrame(inputPath, framePath, 0, { interlaced: false, hdr: false }, 'photo', timeoutMs);
      return await writeDerivatives(sharp(framePath), outDir, 'photo', timeoutMs);
    } finally {
      await rm(framePath, { force: true });
    }
  }
  return writeDerivatives(sharp(inputPath, { failOn: 'error' }).autoOrient(), outDir, 'photo', timeoutMs);
}

/** JPEG quality of "View full size": close to the original to the eye, a third of a lossless file's size. */
export const FULL_SIZE_QUALITY = 90;
const FULL_SIZE_TIMEOUT_MS = 180_000;

/**
 * A photo browsers cannot show (HEIC/HEIF, TIFF, BMP) at its full resolution as a JPEG, turned upright, in sRGB,
 * flattened on white, without the original's EXIF or GPS. Written to `outputPath` only once complete.
 */
export async function deriveFullSize(
  inputPath: string,
  contentType: string,
  outputPath: string,
  options: DeriveOptions = {},
): Promise<Picture> {
  const timeoutMs = options.timeoutMs ?? FULL_SIZE_TIMEOUT_MS;
  const framePath = `${outputPath}.frame.png`;
  try {
    let picture: Sharp;
    if (HEVC_PHOTOS.has(contentType)) {
      picture = await openHeif(inputPath, timeoutMs);
    } else if (FFMPEG_PHOTOS.has(contentType)) {
      await grabFrame(inputPath, framePath, 0, { interlaced: false, hdr: false }, 'photo', timeoutMs, null);
      picture = sharp(framePath);
    } else {
      picture = sharp(inputPath, { failOn: 'error' }).autoOrient();
    }
    const partPath = `${outputPath}.part`;
    try {
      const info = await picture
        .timeout({ seconds: Math.max(1, Math.round(timeoutMs / 1000)) })
        .flatten({ background: '#ffffff' })
        .toColourspace('srgb')
        .jpeg({ quality: FULL_SIZE_QUALITY, chromaSubsampling: '4:4:4' })
        .toFile(partPath);
      await rename(partPath, outputPath);
      return { path: outputPath, width: info.width, height: info.height };
    } catch (error) {
      throw new MediaProcessingError(pictureFailureMessage('photo', error, timeoutMs), String(error));
    } finally {
      await rm(partPath, { force: true });
    }
  } finally {
    await rm(framePath, { force: true });
  }
}

/**
 * Thumbnail and preview of a video, from a frame a little way in (a first frame is often black), rotated,
 * deinterlaced and tone-mapped as the video is shown.
 */
export async function deriveVideoPoster(
  inputPath: string,
  probe: Pick<MediaProbe, 'durationSeconds' | 'interlaced' | 'hdr'>,
  outDir: string,
  options: DeriveOptions = {},
): Promise<PictureDerivatives> {
  const timeoutMs = options.timeoutMs ?? POSTER_TIMEOUT_MS;
  const framePath = join(outDir, 'poster-frame.png');
  try {
    const at = probe.durationSeconds ? Math.min(1, probe.durationSeconds / 2) : 0;
    await grabFrame(inputPath, framePath, at, probe, 'video', timeoutMs);
    // Seeking can land past the last frame (a clip whose length the container misstates, some MPEG streams).
    if (!(await isNonEmptyFile(framePath)) && at > 0) {
      await grabFrame(inputPath, framePath, 0, probe, 'video', timeoutMs);
    }
    if (!(await isNonEmptyFile(framePath))) {
      throw new MediaProcessingError(DAMAGED_MESSAGES.video, 'ffmpeg gave no frame');
    }
    return await writeDerivatives(sharp(framePath), outDir, 'video', timeoutMs);
  } finally {
    await rm(framePath, { force: true });
  }
}

async function grabFrame(
  inputPath: string,
  framePath: string,
  atSeconds: number,
  probe: Pick<MediaProbe, 'interlaced' | 'hdr'>,
  kind: ProcessedKind,
  timeoutMs: number,
  maxEdge: number | null = PREVIEW_EDGE,
): Promise<void> {
  const threads = String(toolThreads());
  // A photo keeps full colour; a video frame is taken as the playback file shows it.
  // Without a size limit (a full-size photo) the frame is taken as it is, odd sizes included.
  const filters =
    maxEdge === null ? 'format=rgb24' : videoFilters(probe, maxEdge, kind === 'photo' ? 'rgb24' : 'yuv420p');
  const args = ['-nostdin', '-hide_banner', '-v', 'error', '-threads', threads, '-ss', atSeconds.toFixed(3)];
  args.push('-i', inputPath, '-map', '0:v:0', '-frames:v', '1', '-vf', filters);
  args.push('-map_metadata', '-1', '-f', 'image2', '-c:v', 'png', '-y', framePath);
  try {
    await runTool('ffmpeg', args, timeoutMs);
  } catch (error) {
    if (error instanceof ToolFailure) {
      throw new MediaProcessingError(
        error.timedOut ? tooSlowMessage(kind, timeoutMs) : DAMAGED_MESSAGES[kind],
        error.stderr,
      );
    }
    throw error;
  }
}

/**
 * HEVC photos go through heic-decode. If libheif cannot read one, sharp gets a try (a HEIF holding AV1 or JPEG
 * pictures decodes there); when both fail, the photo is damaged.
 */
async function openHeif(inputPath: string, timeoutMs: number): Promise<Sharp> {
  try {
    const decoded = await decodeHeic(inputPath, timeoutMs);
    return sharp(decoded.rgba, { raw: { width: decoded.width, height: decoded.height, channels: 4 } }).flatten({
      background: '#ffffff',
    });
  } catch (heicError) {
    const fallback = sharp(inputPath, { failOn: 'error' }).autoOrient();
    try {
      await fallback.clone().resize(1, 1).toBuffer();
      return fallback;
    } catch {
      throw new MediaProcessingError(
        heicError instanceof DecodeTimeout ? tooSlowMessage('photo', timeoutMs) : DAMAGED_MESSAGES.photo,
        String(heicError),
      );
    }
  }
}

/**
 * Decodes once to a preview-sized 8-bit sRGB bitmap (16-bit scans, CMYK and grey included), then encodes the
 * preview and the thumbnail from it.
 */
async function writeDerivatives(
  picture: Sharp,
  outDir: string,
  kind: ProcessedKind,
  timeoutMs: number,
): Promise<PictureDerivatives> {
  let bitmap: { data: Buffer; info: sharp.OutputInfo };
  try {
    bitmap = await picture
      .timeout({ seconds: Math.max(1, Math.round(timeoutMs / 1000)) })
      .resize({ width: PREVIEW_EDGE, height: PREVIEW_EDGE, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw new MediaProcessingError(pictureFailureMessage(kind, error, timeoutMs), String(error));
  }
  const { width, height, channels } = bitmap.info;
  const raw = { width, height, channels: channels as 1 | 2 | 3 | 4 };
  const preview = await writeWebp(sharp(bitmap.data, { raw }), join(outDir, 'preview.webp'), 82);
  const thumbnail = await writeWebp(
    sharp(bitmap.data, { raw }).resize({
      width: THUMBNAIL_EDGE,
      height: THUMBNAIL_EDGE,
      fit: 'inside',
      withoutEnlargement: true,
    }),
    join(outDir, 'thumbnail.webp'),
    80,
  );
  return { thumbnail, preview };
}

function pictureFailureMessage(kind: ProcessedKind, error: unknown, timeoutMs: number): string {
  const text = String(error);
  if (/pixel limit/i.test(text)) {
    return `This ${kind === 'photo' ? 'photo' : 'video'} is larger than the archive can prepare (over 268 million pixels).`;
  }
  if (/timeout/i.test(text)) return tooSlowMessage(kind, timeoutMs);
  return DAMAGED_MESSAGES[kind];
}

async function writeWebp(picture: Sharp, path: string, quality: number): Promise<Picture> {
  const partPath = `${path}.part`;
  try {
    // sharp writes no metadata unless asked (withMetadata/keepExif): no EXIF, no GPS, no camera details.
    // Effort 2 of 6 encodes in half the time of the default for files within a percent of its size.
    const info = await picture.webp({ quality, effort: 2 }).toFile(partPath);
    await rename(partPath, path);
    return { path, width: info.width, height: info.height };
  } finally {
    await rm(partPath, { force: true });
  }
}

async function isNonEmptyFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).size > 0;
  } catch {
    return false;
  }
}
