import { readFileSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import request from 'supertest';
import sharp from 'sharp';
import type { MediaItem } from '@family/contract';
import { runTool } from '../src/processing/media-tools';
import {
  addPerson,
  binary,
  type MediaStack,
  type Person,
  rotatedJpeg,
  startMediaStack,
  upload,
  waitPrepared,
} from './support';

// Motion Photos, Live Photos and "View full size" (docs/architecture.md "Motion and Live Photos", "Full size"),
// with real phone files and fixtures made by ffmpeg and exiftool, through the real service, queue and worker.
const fixtures = path.join(__dirname, 'fixtures');
const samples = path.resolve(__dirname, '../../../../shared/media-samples');

describe('motion and full-size pictures (real Postgres queue, real files)', () => {
  let stack: MediaStack;
  let alice: Person;
  let bob: Person;

  beforeAll(async () => {
    stack = await startMediaStack({ ownDatabase: true });
    alice = await addPerson(stack, 601, 'mona', 'Aunt Mona');
    bob = await addPerson(stack, 602, 'milo', 'Uncle Milo');
  });

  afterAll(async () => {
    await stack.close();
  });

  const get = (person: Person, url: string) => request(stack.media.url).get(url).set(person.headers);
  const read = (dir: string, name: string) => fs.readFile(path.join(dir, name));
  const send = (person: Person, dir: string, name: string, type = 'photo') =>
    upload(stack, person, { type, title: name }, { buffer: readFileSync(path.join(dir, name)), filename: name });

  /** The streams of an MP4 as ffprobe reads them. */
  async function streamsOf(bytes: Buffer): Promise<Array<{ codec_type: string; codec_name: string }>> {
    const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'motion-test-')), 'clip.mp4');
    await fs.writeFile(file, bytes);
    const { stdout } = await runTool(
      'ffprobe',
      ['-v', 'error', '-print_format', 'json', '-show_streams', file],
      30_000,
    );
    await fs.rm(path.dirname(file), { recursive: true, force: true });
    return (JSON.parse(stdout.toString('utf8')) as { streams: Array<{ codec_type: string; codec_name: string }> })
      .streams;
  }

  async function expectPlayableMotion(item: MediaItem): Promise<void> {
    expect(item).toMatchObject({ type: 'photo', processing: 'ready', motionUrl: `/api/media/${item.id}/motion` });
    const motion = await get(bob, item.motionUrl!).buffer(true).parse(binary).expect(200);
    expect(motion.headers['content-type']).toBe('video/mp4');
    expect(motion.body.toString('latin1', 4, 8)).toBe('ftyp');
    const video = (await streamsOf(motion.body)).find((stream) => stream.codec_type === 'video');
    expect(video?.codec_name).toBe('h264');
  }

  it("plays the HEVC clip in a real Samsung S22 Motion Photo's mpvd box as H.264, the still its picture", async () => {
    const posted = (await send(alice, samples, 'samsung-s22-motion-photo.heic').expect(201)).body as MediaItem;
    expect(posted.motionUrl).toBeNull();
    const item = await waitPrepared(stack, alice, posted.id, 120_000);
    await expectPlayableMotion(item);
    expect([item.width, item.height]).toEqual([3000, 4000]);
  }, 150_000);

  it('plays the MP4 appended to a JPEG Motion Photo, found by its XMP; a photo without motion has none', async () => {
    const item = await waitPrepared(
      stack,
      alice,
      (await send(alice, fixtures, 'motion-photo.jpg').expect(201)).body.id,
    );
    await expectPlayableMotion(item);
    const still = await waitPrepared(stack, alice, (await send(alice, fixtures, 'live-still.jpg').expect(201)).body.id);
    expect(still.motionUrl).toBeNull();
    expect((await get(alice, `/api/media/${still.id}/motion`).expect(404)).body.message).toBe(
      'This item has no motion.',
    );
  });

  describe('iPhone Live Photos', () => {
    const expectOneLiveItem = async (person: Person, id: number) => {
      const item = await waitPrepared(stack, person, id);
      await expectPlayableMotion(item);
      expect(item.motionOriginalUrl).toBe(`/api/media/${id}/file?part=motion`);
      const mov = await get(person, `${item.motionOriginalUrl}&download=1`).buffer(true).parse(binary).expect(200);
      expect(mov.body.equals(await read(fixtures, 'live-motion.mov'))).toBe(true);
      expect(mov.headers['content-disposition']).toMatch(/^attachment;.*live-motion\.mov/);
      const still = await get(person, `/api/media/${id}/file?download=1`).buffer(true).parse(binary).expect(200);
      expect(still.body.equals(await read(fixtures, 'live-still.jpg'))).toBe(true);
      const listed = (await get(person, `/api/media?limit=100&uploaded=true&userId=${person.id}`).expect(200)).body
        .items as MediaItem[];
      expect(listed.filter((listedItem) => listedItem.originalName?.startsWith('live-')).map((i) => i.id)).toEqual([
        id,
      ]);
      return item;
    };

    it('makes one photo item of a still and then its MOV, answering the MOV with the photo', async () => {
      const carol = await addPerson(stack, 603, 'carol', 'Carol');
      const photo = (await send(carol, fixtures, 'live-still.jpg').expect(201)).body as MediaItem;
      const movie = (await send(carol, fixtures, 'live-motion.mov', 'video').expect(201)).body as MediaItem;
      expect(movie).toMatchObject({ id: photo.id, type: 'photo' });
      await expectOneLiveItem(carol, photo.id);
      // The same MOV again is the same item, told as a duplicate.
      const again = await send(carol, fixtures, 'live-motion.mov', 'video').expect(409);
      expect(again.body).toMatchObject({ id: photo.id });
    });

    it('makes one photo item of a MOV and then its still, the video item becoming the photo', async () => {
      const dora = await addPerson(stack, 604, 'dora', 'Dora');
      const movie = (await send(dora, fixtures, 'live-motion.mov', 'video').expect(201)).body as MediaItem;
      expect(movie.type).toBe('video');
      const photo = (await send(dora, fixtures, 'live-still.jpg').expect(201)).body as MediaItem;
      expect(photo).toMatchObject({ id: movie.id, type: 'photo' });
      await expectOneLiveItem(dora, movie.id);
    });

    it('makes one item of the two halves uploaded at the same moment', async () => {
      const eve = await addPerson(stack, 605, 'eve', 'Eve');
      const [first, second] = await Promise.all([
        send(eve, fixtures, 'live-still.jpg').expect(201),
        send(eve, fixtures, 'live-motion.mov', 'video').expect(201),
      ]);
      expect(first.body.id).toBe(second.body.id);
      await expectOneLiveItem(eve, first.body.id);
    });

    it("pairs a real iPhone HEIC with a MOV carrying its content identifier; another member's halves stay apart", async () => {
      const heic = (await send(alice, samples, 'iphone-xr-portrait-grid.HEIC').expect(201)).body as MediaItem;
      const mov = (await send(bob, fixtures, 'live-iphone-xr.mov', 'video').expect(201)).body as MediaItem;
      expect(mov).toMatchObject({ type: 'video' });
      expect(mov.id).not.toBe(heic.id);
      const paired = (await send(alice, fixtures, 'live-iphone-xr.mov', 'video').expect(201)).body;
      expect(paired.id).toBe(heic.id);
      await expectPlayableMotion(await waitPrepared(stack, alice, heic.id, 120_000));
    }, 150_000);
    it('prepares the item again when the MOV comes while the worker prepares the still', async () => {
      const finn = await addPerson(stack, 606, 'finn', 'Finn');
      const heic = (await send(finn, samples, 'iphone-xr-portrait-grid.HEIC').expect(201)).body as MediaItem;
      for (let tries = 0; ; tries++) {
        const jobs: Array<{ state: string }> = await stack.db.query(
          `SELECT state FROM media_jobs.job WHERE singleton_key = $1`,
          [String(heic.id)],
        );
        if (jobs.some((job) => job.state === 'active')) break;
        if (tries > 600) throw new Error('The worker never took the job');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect((await send(finn, fixtures, 'live-iphone-xr.mov', 'video').expect(201)).body.id).toBe(heic.id);
      await expectPlayableMotion(await waitPrepared(stack, finn, heic.id, 120_000));
    }, 150_000);
  });

  describe('View full size', () => {
    it('gives a HEIC as a JPEG of its full size, without EXIF, made once and kept', async () => {
      const item = await waitPrepared(stack, alice, (await send(alice, fixtures, 'exif-gps.heic').expect(201)).body.id);
      expect(item.fullSizeUrl).toBe(`/api/media/${item.id}/full-size`);
      const full = await get(bob, item.fullSizeUrl!).buffer(true).parse(binary).expect(200);
      expect(full.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(full.body).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 128, 96]);
      expect(meta.exif).toBeUndefined();
      const again = await get(bob, item.fullSizeUrl!).buffer(true).parse(binary).expect(200);
      expect(again.headers.etag).toBe(full.headers.etag);
      expect(again.body.equals(full.body)).toBe(true);
    });

    it('gives a real Sony .HIF at its full 4240×2832, and a JPEG as the original itself', async () => {
      const hif = await waitPrepared(stack, alice, (await send(alice, samples, 'sony-a7s3.HIF').expect(201)).body.id);
      const full = await get(alice, hif.fullSizeUrl!).buffer(true).parse(binary).expect(200);
      const meta = await sharp(full.body).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 4240, 2832]);
      const jpeg = (
        await upload(stack, bob, { type: 'photo', title: 'Plain' }, { buffer: await rotatedJpeg(), filename: 'p.jpg' })
      ).body as MediaItem;
      expect(jpeg.fullSizeUrl).toBe(jpeg.url);
      const original = await get(bob, `/api/media/${jpeg.id}/full-size`).expect(200);
      expect(original.headers['content-type']).toBe('image/jpeg');
    }, 120_000);
  });
});
