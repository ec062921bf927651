/**
 * Playback files for originals browsers cannot play (see browser-support.ts): video becomes H.264 + AAC in MP4
 * with the index (moov) first so playback starts before the download ends, long edge at most 1080 px; sound
 * becomes AAC in M4A. ffmpeg runs as a child process with one thread per core and a time limit, so the worker's
 * own memory stays small however long the video. GPS and other container metadata are not carried over.
 */
import { rename, rm } from 'node:fs/promises';
import { runTool, toolThreads, ToolFailure } from './media-tools';
import type { MediaProbe } from './probe';
import { DAMAGED_MESSAGES, MediaProcessingError, type ProcessedKind, tooSlowMessage } from './processing-error';
import { videoFilters } from './video-filters';

export const PLAYBACK_MAX_EDGE = 1080;
/** Fast to encode on two cores, and the High profile every browser decodes. */
const H264 = ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-profile:v', 'high'];

export interface TranscodeOptions {
  /** Long edge of the converted video (default 1080). */
  maxEdge?: number;
  /** Default: two minutes plus ten seconds per second of media. */
  timeoutMs?: number;
}

export interface PlaybackFile {
  path: string;
  contentType: 'video/mp4' | 'audio/mp4';
  /** The peak memory ffmpeg used, where the system tells (for the bench and the logs). */
  peakMemoryBytes: number | null;
}

type VideoFacts = Pick<
  MediaProbe,
  'width' | 'height' | 'durationSeconds' | 'videoCodec' | 'pixelFormat' | 'audioCodec' | 'interlaced' | 'hdr'
>;

/** Writes an MP4 every browser plays to `outputPath`. */
export async function transcodeVideo(
  inputPath: string,
  outputPath: string,
  probe: VideoFacts,
  options: TranscodeOptions = {},
): Promise<PlaybackFile> {
  const maxEdge = options.maxEdge ?? PLAYBACK_MAX_EDGE;
  const video = canCopyVideo(probe, maxEdge) ? ['-c:v', 'copy'] : ['-vf', videoFilters(probe, maxEdge), ...H264];
  const audio = probe.audioCodec === 'aac' ? ['-c:a', 'copy'] : ['-c:a', 'aac', '-b:a', '160k', '-ac', '2'];
  const args = ['-map', '0:v:0', '-map', '0:a:0?', ...video, ...audio, '-f', 'mp4'];
  const run = await convert('video', inputPath, outputPath, args, timeoutFor(probe, options));
  return { path: outputPath, contentType: 'video/mp4', peakMemoryBytes: run };
}

/** Writes an M4A (AAC) every browser plays to `outputPath`. */
export async function transcodeAudio(
  inputPath: string,
  outputPath: string,
  probe: Pick<MediaProbe, 'durationSeconds'>,
  options: Pick<TranscodeOptions, 'timeoutMs'> = {},
): Promise<PlaybackFile> {
  const args = ['-map', '0:a:0', '-vn', '-c:a', 'aac', '-b:a', '128k', '-f', 'ipod'];
  const run = await convert('audio', inputPath, outputPath, args, timeoutFor(probe, options));
  return { path: outputPath, contentType: 'audio/mp4', peakMemoryBytes: run };
}

/**
 * H.264 that browsers decode (8-bit 4:2:0, progressive) within the size limit only needs a new container: copying
 * it is many times faster than encoding again. The display rotation travels with the stream.
 */
function canCopyVideo(probe: VideoFacts, maxEdge: number): boolean {
  return (
    probe.videoCodec === 'h264' &&
    (probe.pixelFormat === 'yuv420p' || probe.pixelFormat === 'yuvj420p') &&
    !probe.interlaced &&
    probe.width !== null &&
    probe.height !== null &&
    Math.max(probe.width, probe.height) <= maxEdge
  );
}

function timeoutFor(probe: Pick<MediaProbe, 'durationSeconds'>, options: TranscodeOptions): number {
  return options.timeoutMs ?? 120_000 + (probe.durationSeconds ?? 60) * 10_000;
}

/** Runs ffmpeg into a part file beside the output and renames it when complete; removes it on any failure. */
async function convert(
  kind: ProcessedKind,
  inputPath: string,
  outputPath: string,
  outputArgs: string[],
  timeoutMs: number,
): Promise<number | null> {
  const threads = String(toolThreads());
  const partPath = `${outputPath}.part`;
  const args = ['-nostdin', '-hide_banner', '-v', 'error', '-threads', threads, '-i', inputPath];
  // Global metadata holds the place (GPS) and the device; per-stream data keeps the rotation of a copied video.
  args.push(...outputArgs, '-map_metadata:g', '-1', '-map_chapters', '-1', '-threads', threads);
  args.push('-movflags', '+faststart', '-y', partPath);
  try {
    const run = await runTool('ffmpeg', args, timeoutMs);
    // ffmpeg skips what it cannot decode and may finish "successfully" with nothing to show for it.
    if (!(await hasFrames(partPath, kind))) {
      throw new MediaProcessingError(DAMAGED_MESSAGES[kind], 'ffmpeg wrote no frames');
    }
    await rename(partPath, outputPath);
    return run.peakMemoryBytes;
  } catch (error) {
    if (error instanceof ToolFailure) {
      throw new MediaProcessingError(
        error.timedOut ? tooSlowMessage(kind, timeoutMs) : DAMAGED_MESSAGES[kind],
        error.stderr,
      );
    }
    throw error;
  } finally {
    await rm(partPath, { force: true });
  }
}

async function hasFrames(path: string, kind: ProcessedKind): Promise<boolean> {
  const { stdout } = await runTool('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', path], 30_000);
  const { streams = [] } = JSON.parse(stdout.toString('utf8')) as {
    streams?: Array<{ codec_type?: string; nb_frames?: string }>;
  };
  const wanted = kind === 'video' ? 'video' : 'audio';
  return streams.some((stream) => stream.codec_type === wanted && Number(stream.nb_frames) > 0);
}
