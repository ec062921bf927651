/**
 * Which originals every current browser shows or plays as they are; the rest get a playback file (video: H.264 +
 * AAC in MP4; sound: AAC in M4A). The rules are the archive's, not a browser's best case: Safari shows HEIC
 * and plays HEVC, Chrome and Firefox do not.
 */

/** Photos a browser shows as they are (HEIC and TIFF are not among them). */
const SHOWN_PHOTOS = new Set([
  'image/jpeg',
  'image/png',
  'image/apng',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
]);

const MP4_FAMILY = new Set(['video/mp4', 'video/quicktime', 'video/x-m4v', 'audio/mp4', 'audio/x-m4a']);
const WEBM = new Set(['video/webm', 'audio/webm']);
/** 8-bit 4:2:0: High 10 or 4:2:2 H.264 (some cameras) plays in no browser but Safari. */
const PLAYABLE_H264_PIXELS = new Set(['yuv420p', 'yuvj420p']);

export interface Tracks {
  videoCodec: string | null;
  pixelFormat: string | null;
  audioCodec: string | null;
}

export function photoShowsInBrowser(contentType: string): boolean {
  return SHOWN_PHOTOS.has(contentType);
}

/** Video: H.264/AAC in MP4 or MOV, or VP8/VP9/AV1 with Vorbis/Opus in WebM; a silent one needs no audio track. */
export function videoPlaysInBrowser(contentType: string, tracks: Tracks): boolean {
  const { videoCodec, pixelFormat, audioCodec } = tracks;
  if (MP4_FAMILY.has(contentType)) {
    return (
      videoCodec === 'h264' && PLAYABLE_H264_PIXELS.has(pixelFormat ?? '') && (!audioCodec || audioCodec === 'aac')
    );
  }
  if (WEBM.has(contentType)) {
    return (
      (videoCodec === 'vp8' || videoCodec === 'vp9' || videoCodec === 'av1') &&
      (!audioCodec || audioCodec === 'vorbis' || audioCodec === 'opus')
    );
  }
  return false;
}

/** Sound: MP3, AAC, WAV (PCM), FLAC, Vorbis or Opus, in the containers browsers open for them. */
export function audioPlaysInBrowser(contentType: string, audioCodec: string | null): boolean {
  switch (audioCodec) {
    case 'mp3':
      return contentType === 'audio/mpeg';
    case 'aac':
      return contentType === 'audio/aac' || MP4_FAMILY.has(contentType);
    case 'flac':
      return contentType === 'audio/flac' || contentType === 'audio/ogg';
    case 'vorbis':
    case 'opus':
      return contentType === 'audio/ogg' || WEBM.has(contentType);
    default:
      return contentType === 'audio/wav' && /^pcm_(u8|s16le|s24le|s32le|f32le)$/.test(audioCodec ?? '');
  }
}
