import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { signUp, type SignedUp } from '../support/api';
import { type FormFile, privateAlbum, uploadForm, waitPrepared } from '../support/media';
import {
  childProcesses,
  FIXTURES_DIR,
  hevcMov,
  processesMentioning,
  SAMPLES_DIR,
  sampleFile,
} from '../support/media-samples';
import { runInfo, stack } from '../support/stack';

// Every kind of docs/product.md "What the archive keeps", from real phones and cameras and from the fixtures, through
// the gateway and the media worker that `npm start` runs: shown (thumbnail and preview), dated, played and
// downloaded byte-identical; damaged files end `failed` with a sentence; a killed worker's job is finished by the
// worker that replaces it, and photos uploaded meanwhile do not wait for it.

interface Case {
  dir: string;
  file: string;
  type: 'photo' | 'video' | 'audio' | 'document';
  /** The recording date the worker must find. */
  date?: string;
  /** Width × height as shown. */
  size?: [number, number];
  /** The type /playback answers: the original's when browsers play it, else the converted file's. */
  playback?: string;
}

const S = SAMPLES_DIR;
const F = FIXTURES_DIR;
const CASES: Case[] = [
  { dir: S, file: 'iphone-xr-portrait-grid.HEIC', type: 'photo', date: '2019-08-21', size: [3024, 4032] },
  { dir: S, file: 'samsung-s10-grid.heic', type: 'photo', date: '2020-06-30', size: [3024, 4032] },
  { dir: S, file: 'samsung-s22-motion-photo.heic', type: 'photo', date: '2023-03-08', size: [3000, 4000] },
  { dir: S, file: 'xiaomi-grid.heic', type: 'photo', date: '2023-04-27', size: [2592, 1944] },
  { dir: S, file: 'sony-a7s3.HIF', type: 'photo', date: '2020-09-14', size: [4240, 2832] },
  { dir: S, file: 'libheif-example.heic', type: 'photo', size: [1280, 854] },
  { dir: F, file: 'exif-gps.heic', type: 'photo', date: '2021-05-06' },
  { dir: F, file: 'scan-16bit-2pages.tif', type: 'photo', date: '1987-06-21' },
  { dir: F, file: 'picture.bmp', type: 'photo' },
  {
    dir: S,
    file: 'iphone6-h264.MOV',
    type: 'video',
    date: '2019-07-24',
    size: [320, 568],
    playback: 'video/quicktime',
  },
  {
    dir: S,
    file: 'iphone14pro-hevc-hdr.MOV',
    type: 'video',
    date: '2023-05-09',
    size: [720, 1280],
    playback: 'video/mp4',
  },
  { dir: S, file: 'sony-a7m3-avchd.MTS', type: 'video', date: '2019-04-24', size: [1920, 1080], playback: 'video/mp4' },
  { dir: F, file: 'clip-dated.mov', type: 'video', date: '2016-08-14' },
  { dir: F, file: 'clip.mp4', type: 'video', playback: 'video/mp4' },
  { dir: F, file: 'clip.m4v', type: 'video', playback: 'video/x-m4v' },
  { dir: F, file: 'clip.webm', type: 'video', playback: 'video/webm' },
  { dir: F, file: 'clip.mkv', type: 'video', playback: 'video/mp4' },
  { dir: F, file: 'clip.avi', type: 'video', playback: 'video/mp4' },
  { dir: F, file: 'clip.3gp', type: 'video', playback: 'video/mp4' },
  { dir: F, file: 'clip.wmv', type: 'video', playback: 'video/mp4' },
  { dir: F, file: 'clip.mpg', type: 'video', playback: 'video/mp4' },
  { dir: F, file: 'clip.m2t', type: 'video', playback: 'video/mp4' },
  { dir: F, file: 'tone.mp3', type: 'audio', playback: 'audio/mpeg' },
  { dir: F, file: 'tone.m4a', type: 'audio', playback: 'audio/mp4' },
  { dir: F, file: 'tone.wav', type: 'audio', playback: 'audio/wav' },
  { dir: F, file: 'tone.flac', type: 'audio', playback: 'audio/flac' },
  { dir: F, file: 'tone.ogg', type: 'audio', playback: 'audio/ogg' },
  { dir: F, file: 'tone.opus', type: 'audio', playback: 'audio/ogg' },
  { dir: F, file: 'tone.amr', type: 'audio', playback: 'audio/mp4' },
  { dir: F, file: 'tone.wma', type: 'audio', playback: 'audio/mp4' },
  { dir: F, file: 'letter.pdf', type: 'document' },
  { dir: F, file: 'letter.docx', type: 'document' },
  { dir: F, file: 'letter.odt', type: 'document' },
  { dir: F, file: 'letter.txt', type: 'document' },
];

/** Every stored object, as the embedded run keeps them on disk. */
function storedObjects(): string[] {
  const root = path.join(stack.dataDir, 'objects');
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((entry) => !entry.startsWith('.tmp') && fs.statSync(path.join(root, entry)).isFile())
    .sort();
}

describe('every kind of family media, through the gateway and the media worker', () => {
  let ann: SignedUp;
  let ben: SignedUp;
  let albumId: number;

  beforeAll(async () => {
    ann = await signUp('fann');
    ben = await signUp('fben');
    // Ann's private album, shared with Ben: the many items here stay out of other tests' galleries.
    albumId = await privateAlbum(ann.client, 'Every kind', [ben.user.id]);
  });

  async function bytesOf(url: string, person: SignedUp = ben) {
    const response = await fetch(`${person.client.base}${url}`, { headers: { cookie: person.client.cookie } });
    return { response, body: Buffer.from(await response.arrayBuffer()) };
  }

  async function upload(type: string, title: string, file: FormFile) {
    const response = await ann.client.post('/api/media', uploadForm({ type, title, albumId: String(albumId) }, file));
    if (response.status !== 201) throw new Error(`${title}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  }

  it.each(CASES.map((c) => [c.file, c] as const))(
    '%s is kept, prepared, shown, played and downloaded byte-identical',
    async (_name, c) => {
      const file = sampleFile(c.dir, c.file);
      const created = await upload(c.type, c.file, file);
      const item = await waitPrepared(ben.client, created.id, 120_000);
      expect([item.processing, item.processingError]).toEqual(['ready', null]);
      expect([item.originalName, item.sizeBytes]).toEqual([c.file, file.bytes.length]);
      if (c.date) expect(item.mediaDate).toBe(c.date);
      if (c.size) expect([item.width, item.height]).toEqual(c.size);

      const download = await bytesOf(`/api/media/${item.id}/file?download=1`);
      expect(download.response.status).toBe(200);
      expect(download.response.headers.get('content-disposition')).toContain(`attachment; filename="${c.file}"`);
      expect(download.body.equals(file.bytes)).toBe(true);

      if (c.type === 'photo' || c.type === 'video') {
        for (const [url, edge] of [
          [item.thumbnailUrl, 480],
          [item.previewUrl, 2048],
        ] as const) {
          const picture = await bytesOf(url);
          expect([picture.response.status, picture.response.headers.get('content-type')]).toEqual([200, 'image/webp']);
          const meta = await sharp(picture.body).metadata();
          expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(edge);
          // Upright as shown, and nothing of the camera's EXIF or GPS.
          if (item.width) expect(meta.width! > meta.height!).toBe(item.width > item.height);
          expect(meta.exif).toBeUndefined();
        }
      } else {
        expect([item.thumbnailUrl, item.previewUrl]).toEqual([null, null]);
      }

      if (c.type === 'video' || c.type === 'audio') {
        expect(item.durationSeconds).toBeGreaterThan(0);
        const played = await bytesOf(item.playbackUrl);
        expect(played.response.status).toBe(200);
        if (c.playback) expect(played.response.headers.get('content-type')).toBe(c.playback);
        if (played.response.headers.get('content-type') === 'video/mp4' && !played.body.equals(file.bytes)) {
          // Converted: moov before mdat, so a browser starts playing at once; no GPS or camera details kept.
          expect(played.body.indexOf('moov')).toBeLessThan(played.body.indexOf('mdat'));
          expect(played.body.includes('com.apple.quicktime.location')).toBe(false);
        }
      } else {
        expect(item.playbackUrl).toBeNull();
      }
    },
    180_000,
  );

  it('a photo with EXIF orientation 6 is shown upright', async () => {
    const bytes = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#446688' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const created = await upload('photo', 'Turned', { bytes, name: 'turned.jpg', type: 'image/jpeg' });
    const item = await waitPrepared(ben.client, created.id);
    expect([item.width, item.height]).toEqual([400, 800]);
    const meta = await sharp((await bytesOf(item.previewUrl)).body).metadata();
    expect([meta.width, meta.height]).toEqual([400, 800]);
  });

  it('a TIFF scan of many megabytes is kept and shown', async () => {
    const bytes = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#c9b48a' } })
      .tiff({ compression: 'none' })
      .toBuffer();
    expect(bytes.length).toBeGreaterThan(10 * 1024 * 1024);
    const created = await upload('photo', 'Big scan', { bytes, name: 'scan.tiff', type: 'image/tiff' });
    const item = await waitPrepared(ben.client, created.id);
    expect([item.processing, item.width, item.height]).toEqual(['ready', 3000, 2000]);
  });

  it.each([
    [SAMPLES_DIR, 'truncated.heic', 'photo', 'This photo is damaged and cannot be shown.'],
    [SAMPLES_DIR, 'corrupt-fuzz-1.heic', 'photo', 'This photo is damaged and cannot be shown.'],
  ] as const)(
    '%s/%s is kept but fails with a sentence, and the worker carries on',
    async (dir, name, type, sentence) => {
      const created = await upload(type, name, sampleFile(dir, name));
      const item = await waitPrepared(ben.client, created.id);
      expect([item.processing, item.processingError]).toEqual(['failed', sentence]);
      const preview = await ben.client.get(`/api/media/${item.id}/preview`);
      expect([preview.status, preview.body.message]).toEqual([409, sentence]);
      expect((await bytesOf(`/api/media/${item.id}/file?download=1`)).response.status).toBe(200);
      await expectWorkerAlive();
    },
  );

  it('a corrupt video fails with a sentence, and the worker carries on', async () => {
    // An MP4 whose picture data is overwritten with noise: the container opens, nothing in it decodes.
    const bytes = Buffer.from(sampleFile(FIXTURES_DIR, 'clip.mp4').bytes);
    const mdat = bytes.indexOf('mdat');
    for (let i = mdat + 8; i < bytes.length - 1024; i++) bytes[i] = (i * 7919) % 251;
    const created = await upload('video', 'Broken clip', { bytes, name: 'broken.mp4', type: 'video/mp4' });
    const item = await waitPrepared(ben.client, created.id);
    expect([item.processing, item.processingError]).toEqual(['failed', 'This video is damaged and cannot be played.']);
    await expectWorkerAlive();
  });

  it('a file that is no media kind is refused with 415 and leaves nothing in storage', async () => {
    const before = storedObjects();
    const zip = sampleFile(FIXTURES_DIR, 'archive.zip');
    const response = await ann.client.post('/api/media', uploadForm({ type: 'photo', title: 'Zip' }, zip));
    expect([response.status, response.body.message]).toEqual([
      415,
      'This is a compressed archive (ZIP). Unpack it and upload the photos, videos, sounds and documents inside.',
    ]);
    const script = { bytes: Buffer.from('#!/bin/sh\necho hi\n'), name: 'run.sh', type: 'text/x-sh' };
    const other = await ann.client.post('/api/media', uploadForm({ type: 'video', title: 'Script' }, script));
    expect([other.status, other.body.message]).toEqual([
      415,
      'A video must be a video file (such as MP4, MOV or WebM).',
    ]);
    expect(storedObjects()).toEqual(before);
  });

  it('a worker killed while converting is restarted, finishes the video, and a photo uploaded meanwhile is ready promptly', async () => {
    const workerPid = runInfo().pids['media-worker'];
    const bytes = await hevcMov(12);
    const video = await upload('video', 'Long HEVC', {
      bytes,
      name: 'IMG_0042.MOV',
      type: 'video/quicktime',
    });

    // Wait until the worker's ffmpeg is converting it, then kill the worker outright.
    const until = Date.now() + 60_000;
    while (!childProcesses(workerPid).some((child) => child.name === 'ffmpeg')) {
      if (Date.now() > until) throw new Error('the worker never started converting');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    process.kill(workerPid, 'SIGKILL');

    // `npm start` starts it again.
    const restartedBy = Date.now() + 30_000;
    while (runInfo().pids['media-worker'] === workerPid || runInfo().pids['media-worker'] === undefined) {
      if (Date.now() > restartedBy) throw new Error('the worker was not restarted');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    // A photo uploaded now does not wait behind the interrupted video.
    const started = Date.now();
    const photo = await upload('photo', 'After the crash', {
      bytes: await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#d08040' } })
        .jpeg()
        .toBuffer(),
      name: 'after.jpg',
      type: 'image/jpeg',
    });
    expect((await waitPrepared(ben.client, photo.id, 20_000)).processing).toBe('ready');
    expect(Date.now() - started).toBeLessThan(20_000);

    const item = await waitPrepared(ben.client, video.id, 150_000);
    expect([item.processing, item.width, item.height]).toEqual(['ready', 1920, 1080]);
    const played = await bytesOf(item.playbackUrl);
    expect(played.response.headers.get('content-type')).toBe('video/mp4');
    // The killed worker's ffmpeg was stopped by its successor, not left converting for nobody.
    expect(processesMentioning(`family-media-${workerPid}-`)).toEqual([]);
  }, 240_000);

  async function expectWorkerAlive() {
    const colour = { r: Math.floor(Math.random() * 256), g: Math.floor(Math.random() * 256), b: 77 };
    const bytes = await sharp({ create: { width: 300, height: 200, channels: 3, background: colour } })
      .png()
      .toBuffer();
    const created = await upload('photo', `Alive ${Date.now()}`, { bytes, name: 'alive.png', type: 'image/png' });
    expect((await waitPrepared(ben.client, created.id, 30_000)).processing).toBe('ready');
  }
});
