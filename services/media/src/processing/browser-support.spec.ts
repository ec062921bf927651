import { audioPlaysInBrowser, photoShowsInBrowser, videoPlaysInBrowser } from './browser-support';

const tracks = (videoCodec: string | null, audioCodec: string | null, pixelFormat: string | null = 'yuv420p') => ({
  videoCodec,
  audioCodec,
  pixelFormat,
});

describe(videoPlaysInBrowser.name, () => {
  it('plays H.264/AAC in MP4 or MOV, and VP8/VP9/AV1 with Vorbis or Opus in WebM, with or without sound', () => {
    expect(videoPlaysInBrowser('video/mp4', tracks('h264', 'aac'))).toBe(true);
    expect(videoPlaysInBrowser('video/quicktime', tracks('h264', null))).toBe(true);
    expect(videoPlaysInBrowser('video/x-m4v', tracks('h264', 'aac', 'yuvj420p'))).toBe(true);
    expect(videoPlaysInBrowser('video/webm', tracks('vp9', 'opus'))).toBe(true);
    expect(videoPlaysInBrowser('video/webm', tracks('av1', null))).toBe(true);
    expect(videoPlaysInBrowser('video/webm', tracks('vp8', 'vorbis'))).toBe(true);
  });

  it('converts everything else: HEVC, 10-bit or 4:2:2 H.264, other sound, other containers', () => {
    expect(videoPlaysInBrowser('video/quicktime', tracks('hevc', 'aac', 'yuv420p10le'))).toBe(false);
    expect(videoPlaysInBrowser('video/mp4', tracks('h264', 'aac', 'yuv422p'))).toBe(false);
    expect(videoPlaysInBrowser('video/mp4', tracks('h264', 'ac3'))).toBe(false);
    expect(videoPlaysInBrowser('video/matroska', tracks('h264', 'aac'))).toBe(false);
    expect(videoPlaysInBrowser('video/mp2t', tracks('h264', 'aac'))).toBe(false);
    expect(videoPlaysInBrowser('video/webm', tracks('h264', 'opus'))).toBe(false);
    expect(videoPlaysInBrowser('video/x-ms-wmv', tracks('wmv2', 'wmav2'))).toBe(false);
  });
});

describe(audioPlaysInBrowser.name, () => {
  it('plays MP3, AAC, WAV, FLAC, Vorbis and Opus as they are', () => {
    expect(audioPlaysInBrowser('audio/mpeg', 'mp3')).toBe(true);
    expect(audioPlaysInBrowser('audio/mp4', 'aac')).toBe(true);
    expect(audioPlaysInBrowser('audio/aac', 'aac')).toBe(true);
    expect(audioPlaysInBrowser('audio/wav', 'pcm_s16le')).toBe(true);
    expect(audioPlaysInBrowser('audio/flac', 'flac')).toBe(true);
    expect(audioPlaysInBrowser('audio/ogg', 'vorbis')).toBe(true);
    expect(audioPlaysInBrowser('audio/ogg', 'opus')).toBe(true);
    expect(audioPlaysInBrowser('audio/webm', 'opus')).toBe(true);
  });

  it('converts AMR, WMA, compressed WAV and sound in containers browsers do not open', () => {
    expect(audioPlaysInBrowser('audio/amr', 'amr_nb')).toBe(false);
    expect(audioPlaysInBrowser('audio/x-ms-wma', 'wmav2')).toBe(false);
    expect(audioPlaysInBrowser('audio/wav', 'adpcm_ms')).toBe(false);
    expect(audioPlaysInBrowser('audio/3gpp', 'aac')).toBe(false);
  });
});

describe(photoShowsInBrowser.name, () => {
  it('shows JPEG, PNG, GIF, WebP, AVIF and BMP, but not HEIC or TIFF', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif', 'image/bmp']) {
      expect(photoShowsInBrowser(type)).toBe(true);
    }
    expect(photoShowsInBrowser('image/heic')).toBe(false);
    expect(photoShowsInBrowser('image/tiff')).toBe(false);
  });
});
