/**
 * What the archive needs to know about a photo, video or recording on disk before it prepares it: its size as a
 * person sees it (after EXIF orientation or a video's rotation), its length, its codecs, whether a browser plays
 * the original as it is, and the day it was recorded. Photos are read with sharp and exifr (headers only, no
 * decoding; a BMP with ffprobe); videos and sound with ffprobe.
 */
import sharp from 'sharp';
import { audioPlaysInBrowser, photoShowsInBrowser, videoPlaysInBrowser } from './browser-support';
import { runTool, ToolFailure } from './media-tools';
import { DAMAGED_MESSAGES, MediaProcessingError, type ProcessedKind } from './processing-error';
import { avchdRecordedOn, mediaRecordedOn, photoRecordedOn } from './recording-date';

export interface MediaProbe {
  kind: ProcessedKind;
  /** As shown: after EXIF orientation, a video's display rotation and its pixel aspect ratio. */
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
  videoCodec: string | null;
  audioCodec: string | null;
  /** The video's pixel format as ffprobe names it (yuv420p, yuv420p10le, ...). */
  pixelFormat: string | null;
  /** Interlaced video (camcorders) is deinterlaced when converted. */
  interlaced: boolean;
  /** HDR video (HLG or PQ, as iPhones record) is tone-mapped when converted, or it looks washed out. */
  hdr: boolean;
  /** Whether every current browser shows or plays the original as it is. */
  playsInBrowser: boolean;
  /** 'YYYY-MM-DD', or null when the file does not say. */
  recordedOn: string | null;
}

const PROBE_TIMEOUT_MS = 30_000;
/** Photo formats sharp's prebuilt libvips does not read at all: ffmpeg reads them. */
export const FFMPEG_PHOTOS = new Set(['image/bmp']);

export function processedKindOf(contentType: string): ProcessedKind {
  if (contentType.startsWith('image/')) return 'photo';
  if (contentType.startsWith('video/')) return 'video';
  if (contentType.startsWith('audio/')) return 'audio';
  throw new Error(`Only photos, videos and sound are probed, not ${contentType}`);
}

/** Reads what the archive keeps about a file; a file that cannot be read gives the kind's "damaged" sentence. */
export async function probeMedia(path: string, contentType: string): Promise<MediaProbe> {
  const kind = processedKindOf(contentType);
  return kind === 'photo' ? probePhoto(path, contentType) : probeStreams(path, contentType, kind);
}

async function probePhoto(path: string, contentType: string): Promise<MediaProbe> {
  let size: { width: number; height: number };
  try {
    if (FFMPEG_PHOTOS.has(contentType)) {
      const picture = (await ffprobe(path, 'photo')).streams?.find((stream) => stream.codec_type === 'video');
      size = { width: picture?.width ?? 0, height: picture?.height ?? 0 };
      if (!size.width || !size.height) throw new Error('no picture');
    } else {
      size = (await sharp(path).metadata()).autoOrient;
    }
  } catch (error) {
    if (error instanceof MediaProcessingError) throw error;
    throw new MediaProcessingError(DAMAGED_MESSAGES.photo, String(error));
  }
  return {
    kind: 'photo',
    width: size.width,
    height: size.height,
    durationSeconds: null,
    videoCodec: null,
    audioCodec: null,
    pixelFormat: null,
    interlaced: false,
    hdr: false,
    playsInBrowser: photoShowsInBrowser(contentType),
    recordedOn: await photoRecordedOn(path, contentType),
  };
}

/** The parts of ffprobe's JSON the archive reads. */
interface ProbedStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  pix_fmt?: string;
  field_order?: string;
  sample_aspect_ratio?: string;
  color_transfer?: string;
  disposition?: { attached_pic?: number };
  side_data_list?: Array<{ rotation?: number }>;
  tags?: Record<string, string>;
}

interface Probed {
  format?: { duration?: string; tags?: Record<string, string> };
  streams?: ProbedStream[];
}

async function ffprobe(path: string, kind: ProcessedKind): Promise<Probed> {
  try {
    const { stdout } = await runTool(
      'ffprobe',
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', path],
      PROBE_TIMEOUT_MS,
    );
    return JSON.parse(stdout.toString('utf8')) as Probed;
  } catch (error) {
    if (error instanceof MediaProcessingError) throw error;
    throw new MediaProcessingError(DAMAGED_MESSAGES[kind], error instanceof ToolFailure ? error.stderr : String(error));
  }
}

async function probeStreams(path: string, contentType: string, kind: ProcessedKind): Promise<MediaProbe> {
  const probed = await ffprobe(path, kind);
  const streams = probed.streams ?? [];
  // A cover picture in an MP3 or M4A is listed as a video stream: it is not the video.
  const video = streams.find((stream) => stream.codec_type === 'video' && stream.disposition?.attached_pic !== 1);
  const audio = streams.find((stream) => stream.codec_type === 'audio');
  if (kind === 'video' && !video) {
    throw new MediaProcessingError('This video has no picture. Upload it as audio instead.', 'no video stream');
  }
  if (kind === 'audio' && !audio) throw new MediaProcessingError(DAMAGED_MESSAGES.audio, 'no audio stream');
  const tracks = {
    videoCodec: kind === 'video' ? (video?.codec_name ?? null) : null,
    pixelFormat: kind === 'video' ? (video?.pix_fmt ?? null) : null,
    audioCodec: audio?.codec_name ?? null,
  };
  const size = kind === 'video' && video ? shownSize(video) : null;
  const duration = Number(probed.format?.duration);
  const recordedOn =
    mediaRecordedOn(
      probed.format?.tags ?? {},
      streams.map((stream) => stream.tags ?? {}),
    ) ?? (contentType === 'video/mp2t' ? await avchdRecordedOn(path) : null);
  return {
    kind,
    width: size?.width ?? null,
    height: size?.height ?? null,
    durationSeconds: Number.isFinite(duration) && duration > 0 ? Math.round(duration * 1000) / 1000 : null,
    ...tracks,
    interlaced: kind === 'video' && ['tt', 'bb', 'tb', 'bt'].includes(video?.field_order ?? ''),
    hdr: kind === 'video' && ['smpte2084', 'arib-std-b67'].includes(video?.color_transfer ?? ''),
    playsInBrowser:
      kind === 'video' ? videoPlaysInBrowser(contentType, tracks) : audioPlaysInBrowser(contentType, tracks.audioCodec),
    recordedOn,
  };
}

/** Width and height as shown: non-square pixels stretched (DV, some camcorders), a quarter turn swapping them. */
function shownSize(stream: ProbedStream): { width: number; height: number } | null {
  if (!stream.width || !stream.height) return null;
  let width = stream.width;
  const height = stream.height;
  const [num, den] = (stream.sample_aspect_ratio ?? '').split(':').map(Number);
  if (num > 0 && den > 0 && num !== den) width = Math.round((width * num) / den);
  const rotation =
    stream.side_data_list?.find((data) => typeof data.rotation === 'number')?.rotation ??
    Number(stream.tags?.rotate ?? 0);
  return Math.abs(rotation) % 180 === 90 ? { width: height, height: width } : { width, height };
}
