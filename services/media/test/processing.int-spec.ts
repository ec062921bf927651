import { mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import exifr from 'exifr';
import sharp from 'sharp';
import { derivePhoto, deriveVideoPoster, type Picture } from '../src/processing/derive';
import { runTool, toolPath } from '../src/processing/media-tools';
import { probeMedia } from '../src/processing/probe';
import { MediaProcessingError } from '../src/processing/processing-error';
import { transcodeAudio, transcodeVideo } from '../src/processing/transcode';

// Real phone and camera files kept beside the repository (../shared), and small files made by fixtures/make-fixtures.sh.
const SAMPLES = resolve(__dirname, '../../../../shared/media-samples');
const FIXTURES = resolve(__dirname, 'fixtures');
const DAMAGED_PHOTO = 'This photo is damaged and cannot be shown.';
const DAMAGED_VIDEO = 'This video is damaged and cannot be played.';

jest.setTimeout(120_000);

let work: string;
let made: Record<
  'orientation6' | 'largeTiff' | 'lateExifTiff' | 'png' | 'gif' | 'webp' | 'avif' | 'brokenJpeg' | 'brokenMp4',
  string
>;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'media-processing-'));
  const pixels = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } });
  made = {
    orientation6: join(work, 'orientation-6.jpg'),
    largeTiff: join(work, 'large-scan.tif'),
    lateExifTiff: join(work, 'late-exif-scan.tif'),
    png: join(work, 'picture.png'),
    gif: join(work, 'picture.gif'),
    webp: join(work, 'picture.webp'),
    avif: join(work, 'picture.avif'),
    brokenJpeg: join(work, 'broken.jpg'),
    brokenMp4: join(work, 'broken.mp4'),
  };
  // A phone photo stored sideways (960×480) that EXIF orientation 6 turns upright, with its date and place.
  await pixels(960, 480)
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'Phone' },
      IFD2: { DateTimeOriginal: '2018:12:24 18:05:00' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 30/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 17/1 40/1' },
    })
    .jpeg()
    .toFile(made.orientation6);
  // A 6-MP 8-bit scan, stored as libtiff writes it: pixels first, the directory at the end.
  await sharp(Buffer.alloc(3000 * 2000 * 3, 0x60), { raw: { width: 3000, height: 2000, channels: 3 } })
    .tiff({ compression: 'none' })
    .toFile(made.largeTiff);
  await writeFile(made.lateExifTiff, tiffWithExifAtTheEnd(200, 150, '1979:05:17 15:00:00'));
  await pixels(300, 200).png().toFile(made.png);
  await pixels(300, 200).gif().toFile(made.gif);
  await pixels(300, 200).webp().toFile(made.webp);
  await pixels(300, 200).avif().toFile(made.avif);
  // A JPEG start marker and nothing a decoder can use.
  await writeFile(made.brokenJpeg, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 0x55)]));
  // A QuickTime file whose index (moov) is missing: the first 40% of a clip with its moov at the end.
  const clip = await readFile(join(FIXTURES, 'clip.mp4'));
  await writeFile(made.brokenMp4, clip.subarray(0, Math.floor(clip.length * 0.4)));
});

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/**
 * A scan as libtiff-based scanner software writes it: the pixels first, then the directory and the EXIF block
 * (here with its date) at the very end, past the first 64 KB.
 */
function tiffWithExifAtTheEnd(width: number, height: number, dateTimeOriginal: string): Buffer {
  const pixelBytes = width * height * 3;
  const ifd0 = 8 + pixelBytes;
  const bitsPerSample = ifd0 + 2 + 10 * 12 + 4;
  const exifIfd = bitsPerSample + 6;
  const dateText = exifIfd + 2 + 12 + 4;
  const file = Buffer.alloc(dateText + 20);
  file.write('II', 0, 'latin1');
  file.writeUInt16LE(42, 2);
  file.writeUInt32LE(ifd0, 4);
  for (let at = 8; at < ifd0; at += 3) file.set([30, 144, 200], at);
  const SHORT = 3;
  const LONG = 4;
  const entries: Array<[tag: number, type: number, count: number, value: number]> = [
    [256, LONG, 1, width],
    [257, LONG, 1, height],
    [258, SHORT, 3, bitsPerSample],
    [259, SHORT, 1, 1], // no compression
    [262, SHORT, 1, 2], // RGB
    [273, LONG, 1, 8], // the one strip's offset
    [277, SHORT, 1, 3],
    [278, LONG, 1, height],
    [279, LONG, 1, pixelBytes],
    [34665, LONG, 1, exifIfd],
  ];
  file.writeUInt16LE(entries.length, ifd0);
  entries.forEach(([tag, type, count, value], index) => {
    const at = ifd0 + 2 + index * 12;
    file.writeUInt16LE(tag, at);
    file.writeUInt16LE(type, at + 2);
    file.writeUInt32LE(count, at + 4);
    if (type === SHORT && count === 1) file.writeUInt16LE(value, at + 8);
    else file.writeUInt32LE(value, at + 8);
  });
  for (let channel = 0; channel < 3; channel++) file.writeUInt16LE(8, bitsPerSample + channel * 2);
  file.writeUInt16LE(1, exifIfd);
  file.writeUInt16LE(36867, exifIfd + 2); // DateTimeOriginal
  file.writeUInt16LE(2, exifIfd + 4); // ASCII
  file.writeUInt32LE(20, exifIfd + 6);
  file.writeUInt32LE(dateText, exifIfd + 10);
  file.write(`${dateTimeOriginal}\0`, dateText, 'latin1');
  return file;
}

/** A fresh, empty folder for one item's derivatives. */
async function outDir(): Promise<string> {
  return mkdtemp(join(work, 'out-'));
}

const sample = (name: string) => join(SAMPLES, name);
const fixture = (name: string) => join(FIXTURES, name);
/** 'samples/…' or 'fixtures/…', as the tables below name their files. */
const media = (name: string) => (name.startsWith('samples/') ? sample(name.slice(8)) : fixture(name.slice(9)));

/** Long edge limited to `edge`, never enlarged, aspect kept (within sharp's rounding). */
function fitted(width: number, height: number, edge: number): [number, number] {
  const factor = Math.min(1, edge / Math.max(width, height));
  return [Math.round(width * factor), Math.round(height * factor)];
}

async function expectWebp(picture: Picture, width: number, height: number): Promise<void> {
  const metadata = await sharp(picture.path).metadata();
  expect(metadata.format).toBe('webp');
  expect([metadata.width, metadata.height]).toEqual([picture.width, picture.height]);
  expect(Math.abs(picture.width - width)).toBeLessThanOrEqual(1);
  expect(Math.abs(picture.height - height)).toBeLessThanOrEqual(1);
  expect(metadata.exif).toBeUndefined();
  expect(metadata.xmp).toBeUndefined();
}

async function ffprobeJson(path: string) {
  const { stdout } = await runTool(
    'ffprobe',
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', path],
    30_000,
  );
  return JSON.parse(stdout.toString('utf8')) as {
    format: { format_name: string; duration: string; tags?: Record<string, string> };
    streams: Array<{ codec_type: string; codec_name: string; width?: number; height?: number; pix_fmt?: string }>;
  };
}

/** The top-level boxes of an MP4/M4A file, in order. */
async function topLevelBoxes(path: string): Promise<string[]> {
  const bytes = await readFile(path);
  const types: string[] = [];
  for (let position = 0; position + 8 <= bytes.length;) {
    const size = bytes.readUInt32BE(position);
    types.push(bytes.toString('latin1', position + 4, position + 8));
    if (size < 8) break;
    position += size;
  }
  return types;
}

describe('probing photos', () => {
  it.each([
    ['samples/iphone-xr-portrait-grid.HEIC', 'image/heic', 3024, 4032, '2019-08-21'],
    ['samples/samsung-s10-grid.heic', 'image/heic', 3024, 4032, '2020-06-30'],
    ['samples/samsung-s22-motion-photo.heic', 'image/heic', 3000, 4000, '2023-03-08'],
    ['samples/xiaomi-grid.heic', 'image/heic', 2592, 1944, '2023-04-27'],
    ['samples/sony-a7s3.HIF', 'image/heic', 4240, 2832, '2020-09-14'],
    ['samples/libheif-example.heic', 'image/heif', 1280, 854, null],
    ['fixtures/exif-gps.heic', 'image/heic', 128, 96, '2021-05-06'],
    ['fixtures/scan-16bit-2pages.tif', 'image/tiff', 120, 90, '1987-06-21'],
    ['fixtures/picture.bmp', 'image/bmp', 64, 48, null],
  ])('reads %s: its size as shown and the day it was taken', async (name, contentType, width, height, day) => {
    expect(await probeMedia(media(name), contentType)).toMatchObject({
      kind: 'photo',
      width,
      height,
      durationSeconds: null,
      recordedOn: day,
    });
  });

  it('turns a sideways phone photo upright by its EXIF orientation, and reads its date', async () => {
    expect(await probeMedia(made.orientation6, 'image/jpeg')).toMatchObject({
      width: 480,
      height: 960,
      recordedOn: '2018-12-24',
      playsInBrowser: true,
    });
  });

  it('reads the date of a scan whose EXIF block lies at its end, past the first 64 KB', async () => {
    const bytes = await readFile(made.lateExifTiff);
    expect(bytes.readUInt32LE(4)).toBeGreaterThan(64 * 1024);
    expect(await probeMedia(made.lateExifTiff, 'image/tiff')).toMatchObject({
      width: 200,
      height: 150,
      recordedOn: '1979-05-17',
    });
  });

  it('says which photos a browser shows as they are', async () => {
    expect((await probeMedia(made.png, 'image/png')).playsInBrowser).toBe(true);
    expect((await probeMedia(made.avif, 'image/avif')).playsInBrowser).toBe(true);
    expect((await probeMedia(fixture('exif-gps.heic'), 'image/heic')).playsInBrowser).toBe(false);
    expect((await probeMedia(made.largeTiff, 'image/tiff')).playsInBrowser).toBe(false);
  });

  it('calls a photo whose header makes no sense damaged', async () => {
    await expect(probeMedia(sample('corrupt-clap-overflow.heic'), 'image/heic')).rejects.toThrow(DAMAGED_PHOTO);
    await expect(probeMedia(made.brokenJpeg, 'image/jpeg')).rejects.toThrow(DAMAGED_PHOTO);
  });
});

describe('probing videos and sound', () => {
  it.each([
    // file, type, width, height, seconds, video, audio, plays as it is, recorded, interlaced, HDR
    [
      'samples/iphone14pro-hevc-hdr.MOV',
      'video/quicktime',
      720,
      1280,
      0.107,
      'hevc',
      'aac',
      false,
      '2023-05-09',
      false,
      true,
    ],
    ['samples/iphone6-h264.MOV', 'video/quicktime', 320, 568, 4.002, 'h264', 'aac', true, '2019-07-24', false, false],
    ['samples/sony-a7m3-avchd.MTS', 'video/mp2t', 1920, 1080, 0.544, 'h264', 'ac3', false, '2019-04-24', true, false],
    ['fixtures/clip-dated.mov', 'video/quicktime', 160, 120, 1, 'h264', 'aac', true, '2016-08-14', false, false],
    ['fixtures/clip.mp4', 'video/mp4', 160, 120, 1, 'h264', 'aac', true, null, false, false],
    ['fixtures/clip.m4v', 'video/x-m4v', 160, 120, 1, 'h264', 'aac', true, null, false, false],
    ['fixtures/clip.webm', 'video/webm', 160, 120, 1, 'vp9', 'opus', true, null, false, false],
    ['fixtures/clip.mkv', 'video/matroska', 160, 120, 1, 'h264', 'opus', false, null, false, false],
    ['fixtures/clip.avi', 'video/vnd.avi', 160, 120, 1, 'mjpeg', 'pcm_u8', false, null, false, false],
    ['fixtures/clip.3gp', 'video/3gpp', 176, 144, 1, 'h263', 'amr_nb', false, null, false, false],
    ['fixtures/clip.wmv', 'video/x-ms-wmv', 160, 120, 1, 'wmv2', 'wmav2', false, null, false, false],
    ['fixtures/clip.mpg', 'video/mpeg', 160, 120, 1, 'mpeg2video', 'mp2', false, null, false, false],
    ['fixtures/clip.m2t', 'video/mp2t', 160, 120, 1, 'mpeg2video', 'mp2', false, null, false, false],
  ])(
    'reads %s',
    async (name, contentType, width, height, seconds, videoCodec, audioCodec, playsInBrowser, day, interlaced, hdr) => {
      const probe = await probeMedia(media(name), contentType);
      expect(probe).toMatchObject({
        kind: 'video',
        width,
        height,
        videoCodec,
        audioCodec,
        playsInBrowser,
        interlaced,
        hdr,
      });
      expect(probe.recordedOn).toBe(day);
      // Containers round a clip's length to their own units (ASF to packets).
      expect(Math.abs(probe.durationSeconds! - seconds)).toBeLessThan(0.1);
    },
  );

  it.each([
    ['fixtures/tone.mp3', 'audio/mpeg', 'mp3', true],
    ['fixtures/tone.m4a', 'audio/mp4', 'aac', true],
    ['fixtures/tone.wav', 'audio/wav', 'pcm_s16le', true],
    ['fixtures/tone.flac', 'audio/flac', 'flac', true],
    ['fixtures/tone.ogg', 'audio/ogg', 'vorbis', true],
    ['fixtures/tone.opus', 'audio/ogg', 'opus', true],
    ['fixtures/tone.amr', 'audio/amr', 'amr_nb', false],
    ['fixtures/tone.wma', 'audio/x-ms-wma', 'wmav2', false],
  ])('reads the recording %s', async (name, contentType, audioCodec, playsInBrowser) => {
    const probe = await probeMedia(media(name), contentType);
    expect(probe).toMatchObject({
      kind: 'audio',
      width: null,
      height: null,
      videoCodec: null,
      audioCodec,
      playsInBrowser,
    });
    expect(probe.durationSeconds).toBeCloseTo(1, 0);
  });

  it('calls a video without its index damaged, and sound in a video item a video without a picture', async () => {
    await expect(probeMedia(made.brokenMp4, 'video/mp4')).rejects.toThrow(DAMAGED_VIDEO);
    await expect(probeMedia(fixture('tone.m4a'), 'video/mp4')).rejects.toThrow(
      'This video has no picture. Upload it as audio instead.',
    );
  });
});

describe(derivePhoto.name, () => {
  it.each([
    ['samples/iphone-xr-portrait-grid.HEIC', 'image/heic', 3024, 4032],
    ['samples/samsung-s10-grid.heic', 'image/heic', 3024, 4032],
    ['samples/samsung-s22-motion-photo.heic', 'image/heic', 3000, 4000],
    ['samples/xiaomi-grid.heic', 'image/heic', 2592, 1944],
    ['samples/sony-a7s3.HIF', 'image/heic', 4240, 2832],
    ['samples/libheif-example.heic', 'image/heif', 1280, 854],
    ['fixtures/exif-gps.heic', 'image/heic', 128, 96],
    ['fixtures/scan-16bit-2pages.tif', 'image/tiff', 120, 90],
    ['fixtures/picture.bmp', 'image/bmp', 64, 48],
  ])('makes a WebP thumbnail and preview of %s, without EXIF', async (name, contentType, width, height) => {
    const dir = await outDir();
    const { thumbnail, preview } = await derivePhoto(media(name), contentType, dir);
    await expectWebp(thumbnail, ...fitted(width, height, 480));
    await expectWebp(preview, ...fitted(width, height, 2048));
    expect((await readdir(dir)).sort()).toEqual(['preview.webp', 'thumbnail.webp']);
  });

  it('makes them of every other photo kind: JPEG (upright), PNG, GIF, WebP, AVIF and a large TIFF', async () => {
    // The phone photo carries a place; its derivatives must not.
    expect((await exifr.gps(made.orientation6))?.latitude).toBeCloseTo(48.858, 2);
    expect((await exifr.gps(fixture('exif-gps.heic')))?.latitude).toBeCloseTo(48.858, 2);
    const cases: Array<[string, string, number, number]> = [
      [made.orientation6, 'image/jpeg', 480, 960],
      [made.png, 'image/png', 300, 200],
      [made.gif, 'image/gif', 300, 200],
      [made.webp, 'image/webp', 300, 200],
      [made.avif, 'image/avif', 300, 200],
      [made.largeTiff, 'image/tiff', 3000, 2000],
      [made.lateExifTiff, 'image/tiff', 200, 150],
    ];
    for (const [path, contentType, width, height] of cases) {
      const { thumbnail, preview } = await derivePhoto(path, contentType, await outDir());
      await expectWebp(thumbnail, ...fitted(width, height, 480));
      await expectWebp(preview, ...fitted(width, height, 2048));
    }
  });

  it("shows a scan's first page", async () => {
    const { thumbnail } = await derivePhoto(fixture('scan-16bit-2pages.tif'), 'image/tiff', await outDir());
    // Mean colours in 8 bits, the pages read alone as sharp does.
    const meanOf = async (input: sharp.Sharp) => {
      const eightBit = await input.toColourspace('srgb').png().toBuffer();
      return (await sharp(eightBit).stats()).channels.slice(0, 3).map((channel) => channel.mean);
    };
    const shown = await meanOf(sharp(thumbnail.path));
    const pages = await Promise.all([0, 1].map((page) => meanOf(sharp(fixture('scan-16bit-2pages.tif'), { page }))));
    const distance = (a: number[], b: number[]) => a.reduce((sum, value, index) => sum + Math.abs(value - b[index]), 0);
    expect(distance(shown, pages[0])).toBeLessThan(distance(shown, pages[1]));
  });

  it.each([
    ['truncated.heic', () => 'samples/truncated.heic', 'image/heif'],
    ['corrupt-fuzz-1.heic', () => 'samples/corrupt-fuzz-1.heic', 'image/heic'],
    ['corrupt-clap-overflow.heic', () => 'samples/corrupt-clap-overflow.heic', 'image/heic'],
    ['a JPEG with nothing after its start marker', () => made.brokenJpeg, 'image/jpeg'],
  ])('says %s is damaged, and leaves nothing behind', async (_name, path, contentType) => {
    const dir = await outDir();
    const failure = await derivePhoto(path(), contentType, dir).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MediaProcessingError);
    expect((failure as MediaProcessingError).message).toBe(DAMAGED_PHOTO);
    expect(await readdir(dir)).toEqual([]);
  });
});

describe('derivePhoto with a time limit', () => {
  it('stops decoding a photo that runs past its time, with a sentence', async () => {
    const dir = await outDir();
    await expect(
      derivePhoto(sample('iphone-xr-portrait-grid.HEIC'), 'image/heic', dir, { timeoutMs: 50 }),
    ).rejects.toThrow('Preparing this photo took longer than 1 minute, so it was stopped.');
    expect(await readdir(dir)).toEqual([]);
  });
});

describe(deriveVideoPoster.name, () => {
  it.each([
    ['samples/iphone14pro-hevc-hdr.MOV', 'video/quicktime'],
    ['samples/iphone6-h264.MOV', 'video/quicktime'],
    ['samples/sony-a7m3-avchd.MTS', 'video/mp2t'],
    ['fixtures/clip.avi', 'video/vnd.avi'],
    ['fixtures/clip.3gp', 'video/3gpp'],
    ['fixtures/clip.mkv', 'video/matroska'],
    ['fixtures/clip.wmv', 'video/x-ms-wmv'],
    ['fixtures/clip.m2t', 'video/mp2t'],
    ['fixtures/clip.mpg', 'video/mpeg'],
    ['fixtures/clip.webm', 'video/webm'],
    ['fixtures/clip.m4v', 'video/x-m4v'],
  ])('makes a poster of %s as it is shown, in both sizes', async (name, contentType) => {
    const probe = await probeMedia(media(name), contentType);
    const dir = await outDir();
    const { thumbnail, preview } = await deriveVideoPoster(media(name), probe, dir);
    await expectWebp(thumbnail, ...fitted(probe.width!, probe.height!, 480));
    await expectWebp(preview, ...fitted(probe.width!, probe.height!, 2048));
    // A real frame, not a black one.
    const stats = await sharp(thumbnail.path).stats();
    expect(Math.max(...stats.channels.slice(0, 3).map((channel) => channel.mean))).toBeGreaterThan(16);
    expect((await readdir(dir)).sort()).toEqual(['preview.webp', 'thumbnail.webp']);
  });
});

describe(transcodeVideo.name, () => {
  it.each([
    ['samples/iphone14pro-hevc-hdr.MOV', 'video/quicktime', 606, 1080],
    ['samples/sony-a7m3-avchd.MTS', 'video/mp2t', 1080, 606],
    ['fixtures/clip.avi', 'video/vnd.avi', 160, 120],
    ['fixtures/clip.3gp', 'video/3gpp', 176, 144],
    ['fixtures/clip.mkv', 'video/matroska', 160, 120],
    ['fixtures/clip.wmv', 'video/x-ms-wmv', 160, 120],
    ['fixtures/clip.m2t', 'video/mp2t', 160, 120],
    ['fixtures/clip.mpg', 'video/mpeg', 160, 120],
  ])('turns %s into H.264/AAC MP4 with moov first, long edge within 1080', async (name, contentType, width, height) => {
    const probe = await probeMedia(media(name), contentType);
    expect(probe.playsInBrowser).toBe(false);
    const output = join(await outDir(), 'playback.mp4');
    const playback = await transcodeVideo(media(name), output, probe);
    expect(playback).toMatchObject({ path: output, contentType: 'video/mp4' });
    const converted = await ffprobeJson(output);
    const video = converted.streams.find((stream) => stream.codec_type === 'video');
    const audio = converted.streams.find((stream) => stream.codec_type === 'audio');
    expect(video).toMatchObject({ codec_name: 'h264', pix_fmt: 'yuv420p', width, height });
    expect(audio?.codec_name).toBe('aac');
    const boxes = await topLevelBoxes(output);
    expect(boxes.indexOf('moov')).toBeGreaterThan(-1);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    // The result plays the way the original does.
    expect((await probeMedia(output, 'video/mp4')).playsInBrowser).toBe(true);
    expect(Number(converted.format.duration)).toBeCloseTo(probe.durationSeconds!, 0);
  });

  it('turns a phone video upright, keeps the size asked for, and drops where it was filmed', async () => {
    const path = sample('iphone6-h264.MOV');
    expect((await ffprobeJson(path)).format.tags?.['com.apple.quicktime.location.ISO6709']).toBeDefined();
    const output = join(await outDir(), 'small.mp4');
    await transcodeVideo(path, output, await probeMedia(path, 'video/quicktime'), { maxEdge: 240 });
    const converted = await ffprobeJson(output);
    expect(converted.streams.find((stream) => stream.codec_type === 'video')).toMatchObject({
      width: 134,
      height: 240,
    });
    expect(JSON.stringify(converted.format.tags ?? {})).not.toMatch(/location|ISO6709/i);
  });

  it('copies H.264 that needs only a new container, still upright', async () => {
    const path = sample('iphone6-h264.MOV');
    const output = join(await outDir(), 'copied.mp4');
    await transcodeVideo(path, output, await probeMedia(path, 'video/quicktime'));
    expect(await probeMedia(output, 'video/mp4')).toMatchObject({ width: 320, height: 568, videoCodec: 'h264' });
    // Copied, not encoded again: the same number of video bytes.
    const sizeOf = async (file: string) => {
      const { stdout } = await runTool(
        'ffprobe',
        ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=size', '-of', 'csv=p=0', file],
        30_000,
      );
      return stdout
        .toString('utf8')
        .trim()
        .split('\n')
        .map(Number)
        .reduce((sum, size) => sum + size, 0);
    };
    expect(await sizeOf(output)).toBe(await sizeOf(path));
  });

  it('keeps ffmpeg well under 300 MB while converting a 1080i camcorder clip', async () => {
    const path = sample('sony-a7m3-avchd.MTS');
    const playback = await transcodeVideo(
      path,
      join(await outDir(), 'playback.mp4'),
      await probeMedia(path, 'video/mp2t'),
    );
    if (process.platform === 'linux') expect(playback.peakMemoryBytes).not.toBeNull();
    expect(playback.peakMemoryBytes ?? 0).toBeLessThan(300 * 1024 * 1024);
  });

  it('stops a conversion that runs past its time, with a sentence, and leaves no part file', async () => {
    const path = sample('sony-a7m3-avchd.MTS');
    const dir = await outDir();
    const probe = await probeMedia(path, 'video/mp2t');
    await expect(transcodeVideo(path, join(dir, 'playback.mp4'), probe, { timeoutMs: 50 })).rejects.toThrow(
      'Preparing this video took longer than 1 minute, so it was stopped.',
    );
    expect(await readdir(dir)).toEqual([]);
  });

  it('says a damaged video is damaged, and leaves no part file', async () => {
    const dir = await outDir();
    const damaged = join(dir, 'damaged.avi');
    // The AVI header of a real clip, then noise where the frames should be.
    const clip = await readFile(fixture('clip.avi'));
    await writeFile(damaged, Buffer.concat([clip.subarray(0, 4096), Buffer.alloc(clip.length, 0x5a)]));
    const probe = { ...(await probeMedia(fixture('clip.avi'), 'video/vnd.avi')) };
    const output = join(dir, 'playback.mp4');
    await expect(transcodeVideo(damaged, output, probe)).rejects.toThrow(DAMAGED_VIDEO);
    await expect(deriveVideoPoster(damaged, probe, dir)).rejects.toThrow(DAMAGED_VIDEO);
    expect(await readdir(dir)).toEqual(['damaged.avi']);
  });
});

describe(transcodeAudio.name, () => {
  it.each([
    ['fixtures/tone.amr', 'audio/amr'],
    ['fixtures/tone.wma', 'audio/x-ms-wma'],
  ])('turns %s into AAC in M4A with moov first', async (name, contentType) => {
    const probe = await probeMedia(media(name), contentType);
    expect(probe.playsInBrowser).toBe(false);
    const output = join(await outDir(), 'playback.m4a');
    expect(await transcodeAudio(media(name), output, probe)).toMatchObject({ path: output, contentType: 'audio/mp4' });
    const converted = await ffprobeJson(output);
    expect(converted.streams.map((stream) => stream.codec_name)).toEqual(['aac']);
    const boxes = await topLevelBoxes(output);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    expect((await readFile(output)).toString('latin1', 8, 12)).toBe('M4A ');
    expect(Number(converted.format.duration)).toBeCloseTo(1, 0);
    expect((await probeMedia(output, 'audio/mp4')).playsInBrowser).toBe(true);
  });
});

describe('tool paths', () => {
  const saved = { ffmpeg: process.env.FFMPEG_PATH, ffprobe: process.env.FFPROBE_PATH };
  afterEach(() => {
    for (const [name, value] of [
      ['FFMPEG_PATH', saved.ffmpeg],
      ['FFPROBE_PATH', saved.ffprobe],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  it('uses FFPROBE_PATH and FFMPEG_PATH when set, and says so when they do not work', async () => {
    const probe = await probeMedia(fixture('clip.avi'), 'video/vnd.avi');
    process.env.FFPROBE_PATH = join(work, 'no-such-ffprobe');
    await expect(probeMedia(fixture('clip.avi'), 'video/vnd.avi')).rejects.toThrow(
      `The server cannot run ffprobe (${join(work, 'no-such-ffprobe')}); set FFPROBE_PATH to a working one.`,
    );
    process.env.FFMPEG_PATH = join(work, 'no-such-ffmpeg');
    await expect(transcodeVideo(fixture('clip.avi'), join(work, 'never.mp4'), probe)).rejects.toThrow(
      `The server cannot run ffmpeg (${join(work, 'no-such-ffmpeg')}); set FFMPEG_PATH to a working one.`,
    );
  });

  it('works with an ffprobe and ffmpeg the operator chooses', async () => {
    // Links under other names to the bundled binaries stand in for the operator's own.
    for (const tool of ['ffprobe', 'ffmpeg'] as const) {
      const own = join(work, `own-${tool}`);
      await symlink(await toolPath(tool), own);
      process.env[tool === 'ffmpeg' ? 'FFMPEG_PATH' : 'FFPROBE_PATH'] = own;
    }
    const probe = await probeMedia(fixture('clip.avi'), 'video/vnd.avi');
    expect(probe).toMatchObject({ videoCodec: 'mjpeg', width: 160 });
    const output = join(await outDir(), 'playback.mp4');
    await transcodeVideo(fixture('clip.avi'), output, probe);
    expect((await ffprobeJson(output)).streams.map((stream) => stream.codec_name)).toEqual(['h264', 'aac']);
  });
});
