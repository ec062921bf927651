import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import request from 'supertest';
import sharp from 'sharp';
import { EDIT_FORBIDDEN } from '../src/services/media-access.service';
import {
  addPerson,
  binary,
  type MediaStack,
  type Person,
  png,
  rotatedJpeg,
  startMediaStack,
  storedKeys,
  upload,
  waitPrepared,
} from './support';

// The media worker beside the real service, queue and storage: pending until it runs, then ready or failed with
// a sentence; the routes answer accordingly; a failed item can be prepared again by whoever may edit it.
const fixtures = path.join(__dirname, 'fixtures');
const samples = '/work/shared/media-samples';
const STILL_PREPARING = 'This item is still being prepared. Try again in a moment.';

describe('media worker (real Postgres queue, real files)', () => {
  let stack: MediaStack;
  let alice: Person;
  let bob: Person;

  beforeAll(async () => {
    stack = await startMediaStack({ worker: false });
    alice = await addPerson(stack, 501, 'wanda', 'Aunt Wanda');
    bob = await addPerson(stack, 502, 'walt', 'Uncle Walt');
  });

  afterAll(async () => {
    await stack.close();
  });

  const get = (person: Person, url: string) => request(stack.media.url).get(url).set(person.headers);
  const file = async (dir: string, name: string) => ({
    buffer: await fs.readFile(path.join(dir, name)),
    filename: name,
  });

  it("makes a JPEG's thumbnail at upload, turned and without EXIF, while the rest waits for the worker", async () => {
    const photo = (
      await upload(
        stack,
        alice,
        { type: 'photo', title: 'Portrait' },
        { buffer: await rotatedJpeg(), filename: 'p.jpg' },
      ).expect(201)
    ).body;
    // No worker runs: what answers now, the upload itself made.
    expect(photo).toMatchObject({
      processing: 'pending',
      thumbnailUrl: `/api/media/${photo.id}/thumbnail`,
      previewUrl: null,
    });
    const thumbnail = await get(bob, photo.thumbnailUrl).buffer(true).parse(binary).expect(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    const meta = await sharp(thumbnail.body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 240, 480]);
    expect(meta.exif).toBeUndefined();
    expect((await get(bob, `/api/media/${photo.id}/preview`).expect(409)).body.message).toBe(STILL_PREPARING);
    const listed = await get(bob, '/api/media?limit=5').expect(200);
    expect(listed.body.items.find((item: { id: number }) => item.id === photo.id)).toMatchObject({
      thumbnailUrl: photo.thumbnailUrl,
    });
  });

  it('answers 409 until the worker has run for kinds it alone reads, then serves what it made; the backfill finds items without a job', async () => {
    const bmp = (
      await upload(stack, alice, { type: 'photo', title: 'Early' }, await file(fixtures, 'picture.bmp')).expect(201)
    ).body;
    expect(bmp).toMatchObject({ processing: 'pending', thumbnailUrl: null, previewUrl: null });
    for (const route of ['thumbnail', 'preview']) {
      expect((await get(bob, `/api/media/${bmp.id}/${route}`).expect(409)).body.message).toBe(STILL_PREPARING);
    }
    // An item from before the worker existed: pending, no thumbnail, and no job was ever queued for it.
    const [{ id: olderId }] = await stack.db.query(
      `INSERT INTO media.media_items (user_id, type, title, media_date, object_key, content_type, file_name, file_size, sha256)
       SELECT user_id, 'photo', 'Older', media_date, object_key, content_type, file_name, file_size, NULL
         FROM media.media_items WHERE id = $1 RETURNING id`,
      [bmp.id],
    );
    expect((await get(bob, `/api/media/${olderId}/thumbnail`).expect(409)).body.message).toBe(STILL_PREPARING);

    await stack.startWorker();
    expect((await waitPrepared(stack, alice, bmp.id)).processing).toBe('ready');
    expect((await waitPrepared(stack, alice, olderId)).processing).toBe('ready');
    await get(bob, `/api/media/${olderId}/thumbnail`).expect(200);
  });

  it('prepares a HEIC: its EXIF date, its size, and pictures without GPS', async () => {
    const heic = await file(fixtures, 'exif-gps.heic');
    const item = (await upload(stack, alice, { type: 'photo', title: 'HEIC' }, heic).expect(201)).body;
    const ready = await waitPrepared(stack, alice, item.id);
    expect(ready.processing).toBe('ready');
    expect(ready.mediaDate).toBe('2021-05-06');
    const preview = await get(bob, ready.previewUrl!).buffer(true).parse(binary).expect(200);
    const meta = await sharp(preview.body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', ready.width, ready.height]);
    expect(meta.exif).toBeUndefined();
    const original = await get(bob, `/api/media/${item.id}/file?download=1`).buffer(true).parse(binary).expect(200);
    expect(original.body).toEqual(heic.buffer);
    expect(original.headers['content-disposition']).toMatch(/^attachment; filename="exif-gps.heic"/);
  });

  it('converts an AVI into an MP4 that plays, with a poster and its length', async () => {
    const avi = await file(fixtures, 'clip.avi');
    const item = (await upload(stack, alice, { type: 'video', title: 'Old camera' }, avi).expect(201)).body;
    const ready = await waitPrepared(stack, alice, item.id);
    expect(ready).toMatchObject({ processing: 'ready', playbackUrl: `/api/media/${item.id}/playback` });
    expect(ready.durationSeconds).toBeGreaterThan(0);
    const played = await get(bob, ready.playbackUrl!).buffer(true).parse(binary).expect(200);
    expect(played.headers['content-type']).toBe('video/mp4');
    // moov before mdat: a browser starts playing before the whole file has come.
    expect(played.body.indexOf('moov')).toBeLessThan(played.body.indexOf('mdat'));
    const seek = await get(bob, ready.playbackUrl!).set('Range', 'bytes=10-19').expect(206);
    expect(seek.headers['content-range']).toBe(`bytes 10-19/${played.body.length}`);
    await get(bob, ready.thumbnailUrl!).expect(200);
  });

  it('fails a damaged HEIC with a sentence, keeps it downloadable, and lets only an editor try again', async () => {
    const broken = await file(samples, 'truncated.heic');
    const item = (await upload(stack, bob, { type: 'photo', title: 'Cut short' }, broken).expect(201)).body;
    const failed = await waitPrepared(stack, bob, item.id);
    expect(failed).toMatchObject({
      processing: 'failed',
      processingError: 'This photo is damaged and cannot be shown.',
    });
    expect((await get(alice, `/api/media/${item.id}/preview`).expect(409)).body.message).toBe(failed.processingError);
    await get(alice, `/api/media/${item.id}/file?download=1`).expect(200);

    const refused = await request(stack.media.url)
      .post(`/api/media/${item.id}/reprocess`)
      .set(alice.headers)
      .expect(403);
    expect(refused.body.message).toBe(EDIT_FORBIDDEN);
    const again = await request(stack.media.url).post(`/api/media/${item.id}/reprocess`).set(bob.headers).expect(202);
    expect(again.body).toMatchObject({ processing: 'pending', processingError: null });
    expect((await waitPrepared(stack, bob, item.id)).processing).toBe('failed');

    // The worker carries on with the next item.
    const next = (
      await upload(stack, bob, { type: 'photo', title: 'Fine' }, { buffer: await png(), filename: 'f.png' }).expect(201)
    ).body;
    expect((await waitPrepared(stack, bob, next.id)).processing).toBe('ready');
  });

  it('refuses a file that is no media with 415 and a sentence that says what it is, keeping nothing', async () => {
    const before = await storedKeys(stack);
    const zip = await file(fixtures, 'archive.zip');
    const response = await upload(stack, alice, { type: 'photo', title: 'Zip' }, zip).expect(415);
    expect(response.body.message).toBe(
      'This is a compressed archive (ZIP). Unpack it and upload the photos, videos, sounds and documents inside.',
    );
    expect(await storedKeys(stack)).toEqual(before);
  });

  it('accepts a TIFF scan larger than the sniffed head and shows it', async () => {
    const big = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#8a6' } })
      .tiff({ compression: 'none' })
      .toBuffer();
    expect(big.length).toBeGreaterThan(256 * 1024);
    const item = (
      await upload(stack, alice, { type: 'photo', title: 'Scan' }, { buffer: big, filename: 'scan.tif' }).expect(201)
    ).body;
    const ready = await waitPrepared(stack, alice, item.id);
    expect(ready).toMatchObject({ processing: 'ready', width: 1600, height: 1200 });
  });
});
