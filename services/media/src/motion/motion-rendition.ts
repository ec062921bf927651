/**
 * The playable motion of a Motion or Live Photo (docs/architecture.md "Motion and Live Photos"): the clip a Motion
 * Photo carries inside its still, or a Live Photo's MOV, converted by the same ffmpeg path as a video's playback
 * file (H.264/AAC MP4, index first, no container metadata), at most 1080 px.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { withFileSource } from '../processing/byte-source';
import { probeMedia } from '../processing/probe';
import { type PlaybackFile, transcodeVideo } from '../processing/transcode';
import { findEmbeddedClip } from './embedded-motion';

/** Copies the clip inside a Motion Photo to `clipPath`; false when the photo carries none. */
export async function extractEmbeddedClip(stillPath: string, contentType: string, clipPath: string): Promise<boolean> {
  const clip = await withFileSource(stillPath, (source) => findEmbeddedClip(source, contentType));
  if (!clip) return false;
  const end = clip.offset + clip.length - 1;
  await pipeline(createReadStream(stillPath, { start: clip.offset, end }), createWriteStream(clipPath));
  return true;
}

/** Converts a motion clip (an MP4 or a MOV) into the MP4 browsers play. Throws MediaProcessingError when damaged. */
export async function renderMotion(clipPath: string, outputPath: string): Promise<PlaybackFile> {
  const probe = await probeMedia(clipPath, 'video/quicktime');
  return transcodeVideo(clipPath, outputPath, probe);
}
