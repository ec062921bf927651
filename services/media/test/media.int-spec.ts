import { createHash } from 'node:crypto';
import * as fs from 'node:fs/promises';
import * as http from 'node:http';
import * as path from 'node:path';
import request from 'supertest';
import sharp from 'sharp';
import { KIND_MESSAGES } from '../src/processing/sniff';
import { AlbumItemsRepository } from '../src/repositories/album-items.repository';
import {
  addPerson,
  binary,
  jpegWithExif,
  type MediaStack,
  pdf,
  type Person,
  png,
  rotatedJpeg,
  startMediaStack,
  storedKeys,
  text,
  todayLocal,
  upload,
  waitPrepared,
  wav,
} from './support';

const MB50 = 50 * 1024 * 1024;
const NOT_FOUND = "This media item doesn't exist or you don't have permission to view it.";

describe('media service (real Postgres, real profile and albums services)', () => {
  let stack: MediaStack;
  let alice: Person;
  let bob: Person;
  let carol: Person;

  beforeAll(async () => {
    stack = await startMediaStack();
    alice = await addPerson(stack, 101, 'alice', 'Grandma Alice');
    bob = await addPerson(stack, 102, 'bob', 'Uncle Bob');
    carol = await addPerson(stack, 103, 'carol', 'Cousin Carol');
  });

  afterAll(async () => {
    await stack.close();
  });

  const get = (person: Person, url: string) => request(stack.media.url).get(url).set(person.headers);
  /** Stored originals (the worker may be writing derivatives of earlier uploads meanwhile). */
  // Stored originals only: derivatives, and the temporary files of puts under way (the worker's too), are not
  // what an upload keeps; the tests that care about temporary files look at .tmp themselves.
  const uploadedKeys = async () =>
    (await storedKeys(stack)).filter((key) => !key.startsWith('derived/') && !key.startsWith('.tmp/'));

  describe('upload', () => {
    it('stores a photo with its thumbnail, answers it pending, and the worker prepares it with its EXIF date', async () => {
      const photo = await jpegWithExif('2019:07:04 12:30:00');
      const response = await upload(
        stack,
        alice,
        { type: 'photo', title: '  Beach day  ', description: '  At the sea ' },
        {
          buffer: photo,
          filename: 'IMG_0001.JPG',
          contentType: 'image/jpeg',
        },
      ).expect(201);
      const item = response.body;
      expect(Object.keys(item).sort()).toEqual(
        [
          'id',
          'type',
          'title',
          'description',
          'url',
          'thumbnailUrl',
          'previewUrl',
          'playbackUrl',
          'motionUrl',
          'fullSizeUrl',
          'motionOriginalUrl',
          'processing',
          'processingError',
          'width',
          'height',
          'durationSeconds',
          'originalName',
          'sizeBytes',
          'mediaDate',
          'mediaDateText',
          'place',
          'albumId',
          'website_url',
          'content',
          'user',
          'tags',
          'createdAt',
        ].sort(),
      );
      expect(item).toMatchObject({
        type: 'photo',
        title: 'Beach day',
        description: 'At the sea',
        url: `/api/media/${item.id}/file`,
        // The upload made the thumbnail; the worker makes the preview.
        thumbnailUrl: `/api/media/${item.id}/thumbnail`,
        previewUrl: null,
        processing: 'pending',
        originalName: 'IMG_0001.JPG',
        sizeBytes: photo.length,
        albumId: null,
        website_url: null,
        content: null,
        user: { id: alice.id, displayName: 'Grandma Alice', username: 'alice' },
        tags: [],
      });
      expect(new Date(item.createdAt).toISOString()).toBe(item.createdAt);
      const prepared = await waitPrepared(stack, bob, item.id);
      expect(prepared).toMatchObject({
        processing: 'ready',
        processingError: null,
        mediaDate: '2019-07-04',
        thumbnailUrl: `/api/media/${item.id}/thumbnail`,
        previewUrl: `/api/media/${item.id}/preview`,
        playbackUrl: null,
        width: 1200,
        height: 800,
        durationSeconds: null,
      });

      const rows = await stack.db.query(
        `SELECT object_key, sha256, file_size, content_type FROM media.media_items WHERE id = $1`,
        [item.id],
      );
      expect(rows[0]).toMatchObject({
        sha256: createHash('sha256').update(photo).digest('hex'),
        file_size: String(photo.length),
        content_type: 'image/jpeg',
      });
      // Keys are made by the service, never from the file's name.
      expect(rows[0].object_key).toMatch(/^media\/\d{4}\/\d{2}\/[0-9a-f-]{36}$/);
      expect(await fs.readFile(path.join(stack.storageDir, rows[0].object_key))).toEqual(photo);
    });

    it('prefers the date given, and uses today when a photo has no EXIF date', async () => {
      const given = await upload(
        stack,
        alice,
        { type: 'photo', title: 'Given date', mediaDate: '1987-12-24' },
        {
          buffer: await jpegWithExif('2019:07:04 12:30:00'),
          filename: 'a.jpg',
        },
      ).expect(201);
      expect(given.body.mediaDate).toBe('1987-12-24');
      expect((await waitPrepared(stack, alice, given.body.id)).mediaDate).toBe('1987-12-24');
      const none = await upload(
        stack,
        alice,
        { type: 'photo', title: 'No date' },
        { buffer: await png(), filename: 'b.png' },
      ).expect(201);
      expect(none.body.mediaDate).toBe(todayLocal());
      expect((await waitPrepared(stack, alice, none.body.id)).mediaDate).toBe(todayLocal());
    });

    it('reads fields that come after the file', async () => {
      const response = await request(stack.media.url)
        .post('/api/media')
        .set(alice.headers)
        .attach('file', wav(0.5, 1), { filename: 'song.wav', contentType: 'audio/wav' })
        .field('type', 'audio')
        .field('title', 'Lullaby')
        .field('mediaDate', '2001-02-03')
        .expect(201);
      expect(response.body).toMatchObject({
        type: 'audio',
        title: 'Lullaby',
        mediaDate: '2001-02-03',
        thumbnailUrl: null,
      });
    });

    it('accepts a PDF, a plain text file and a post with and without an image', async () => {
      const doc = await upload(
        stack,
        alice,
        { type: 'document', title: 'Certificate' },
        { buffer: pdf(), filename: 'cert.pdf' },
      ).expect(201);
      expect(doc.body).toMatchObject({ type: 'document', thumbnailUrl: null, url: `/api/media/${doc.body.id}/file` });
      await upload(
        stack,
        alice,
        { type: 'document', title: 'Recipe' },
        { buffer: text(), filename: 'recipe.txt', contentType: 'text/plain' },
      ).expect(201);

      const post = await upload(stack, alice, {
        type: 'post',
        title: 'Reunion plans',
        content: '  Bring a dish.  ',
        websiteUrl: 'example.org/reunion',
      }).expect(201);
      expect(post.body).toMatchObject({
        type: 'post',
        content: 'Bring a dish.',
        website_url: 'https://example.org/reunion',
        url: null,
        thumbnailUrl: null,
      });
      const withImage = await upload(
        stack,
        alice,
        { type: 'post', title: 'Cake' },
        { buffer: await png(), filename: 'cake.png' },
      ).expect(201);
      expect((await waitPrepared(stack, alice, withImage.body.id)).thumbnailUrl).toBe(
        `/api/media/${withImage.body.id}/thumbnail`,
      );
    });

    it.each([
      [{ type: 'video', title: 'No file' }, 'Please select a file to upload'],
      [{ type: 'photo', title: '   ' }, 'Please enter a title'],
      [{ type: 'movie', title: 'Odd type' }, 'Please choose a type: photo, video, audio, document or post.'],
      [
        { type: 'post', title: 'Bad link', websiteUrl: 'javascript:alert(1)' },
        'Please enter a valid website address, like https://example.org',
      ],
      [{ type: 'post', title: 'Bad date', mediaDate: '2020-02-30' }, 'Please enter the date as YYYY-MM-DD'],
    ])('refuses %j with 400 and keeps nothing', async (fields, message) => {
      const before = await uploadedKeys();
      const file = fields.type === 'photo' ? { buffer: await png(), filename: 'x.png' } : undefined;
      const response = await upload(stack, bob, fields, file).expect(400);
      expect(response.body.message).toBe(message);
      expect(await uploadedKeys()).toEqual(before);
    });

    it.each([
      ['photo', () => pdf(), 'scan.jpg'],
      ['audio', () => jpegWithExif(null), 'voice.mp3'],
      ['video', () => wav(), 'clip.mp4'],
      ['document', () => wav(), 'notes.pdf'],
      ['document', async () => Buffer.from('not\0really text'), 'notes.txt'],
      ['post', () => pdf(), 'picture.png'],
    ] as const)('refuses a %s that is really something else with 415', async (type, make, filename) => {
      const before = await uploadedKeys();
      const response = await upload(
        stack,
        bob,
        { type, title: 'Wrong kind' },
        { buffer: await make(), filename },
      ).expect(415);
      expect(response.body.message).toBe(KIND_MESSAGES[type]);
      expect(await uploadedKeys()).toEqual(before);
    });

    it('refuses the wrong kind with 415 also when the type comes after the file', async () => {
      const before = await uploadedKeys();
      const response = await request(stack.media.url)
        .post('/api/media')
        .set(bob.headers)
        .attach('file', pdf(), { filename: 'x.jpg', contentType: 'image/jpeg' })
        .field('type', 'photo')
        .field('title', 'Late type')
        .expect(415);
      expect(response.body.message).toBe(KIND_MESSAGES.photo);
      expect(await uploadedKeys()).toEqual(before);
    });

    it('answers 409 with the existing id when the same person uploads the same bytes again', async () => {
      const bytes = await jpegWithExif(null);
      const first = await upload(
        stack,
        bob,
        { type: 'photo', title: 'Once' },
        { buffer: bytes, filename: 'once.jpg' },
      ).expect(201);
      const before = await uploadedKeys();
      const again = await upload(
        stack,
        bob,
        { type: 'photo', title: 'Twice' },
        { buffer: bytes, filename: 'again.jpg' },
      ).expect(409);
      expect(again.body).toEqual({ statusCode: 409, message: 'You already uploaded this file', id: first.body.id });
      expect(await uploadedKeys()).toEqual(before);
      // Someone else may keep their own copy.
      await upload(stack, carol, { type: 'photo', title: 'Mine too' }, { buffer: bytes, filename: 'once.jpg' }).expect(
        201,
      );
    });

    it('cuts off a file over 50 MB with 413 and keeps nothing', async () => {
      const before = await uploadedKeys();
      // An earlier test's abandoned upload may still be removing its temp file: only this upload's count here.
      const tempBefore = await fs.readdir(path.join(stack.storageDir, '.tmp')).catch(() => [] as string[]);
      const [{ count }] = await stack.db.query(`SELECT count(*)::int AS count FROM media.media_items`);
      const big = Buffer.alloc(MB50 + 1, 7);
      pdf().copy(big); // a real document's first bytes, so only the size is wrong
      const response = await upload(
        stack,
        bob,
        { type: 'document', title: 'Too big' },
        { buffer: big, filename: 'big.pdf' },
      ).expect(413);
      expect(response.body.message).toBe('File size must be less than 50 MB');
      expect(await uploadedKeys()).toEqual(before);
      // Nothing new stays in the temp folder: an earlier test's refused upload may still be removing its own
      // file when this one is answered, so the folder is given a few seconds to settle.
      const newTempFiles = async () =>
        (await fs.readdir(path.join(stack.storageDir, '.tmp'))).filter((name) => !tempBefore.includes(name));
      for (let tries = 0; tries < 50 && (await newTempFiles()).length > 0; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await newTempFiles()).toEqual([]);
      const [{ count: after }] = await stack.db.query(`SELECT count(*)::int AS count FROM media.media_items`);
      expect(after).toBe(count);
      // The connection is still usable and the service answers the next upload.
      await upload(
        stack,
        bob,
        { type: 'document', title: 'Small enough' },
        { buffer: pdf(), filename: 'ok.pdf' },
      ).expect(201);
    });

    it('refuses a request declared far larger than 50 MB before reading it', async () => {
      const before = await uploadedKeys();
      const response = await upload(
        stack,
        bob,
        { type: 'document', title: 'Huge' },
        { buffer: Buffer.alloc(MB50 + 2 * 1024 * 1024, 1), filename: 'huge.pdf' },
      ).expect(413);
      expect(response.body.message).toBe('File size must be less than 50 MB');
      expect(await uploadedKeys()).toEqual(before);
    });

    it('keeps nothing of an upload the client gives up half-way', async () => {
      const before = await uploadedKeys();
      const boundary = 'half-way-boundary';
      const req = http.request(`${stack.media.url}/api/media`, {
        method: 'POST',
        headers: {
          ...bob.headers,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': '10000000',
        },
      });
      req.on('error', () => undefined);
      req.write(
        `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\ndocument\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.pdf"\r\n\r\n`,
      );
      req.write(Buffer.concat([pdf(), Buffer.alloc(2 * 1024 * 1024, 5)]));
      // Wait until the file has started to arrive in storage, then hang up.
      const tempFolder = path.join(stack.storageDir, '.tmp');
      while ((await fs.readdir(tempFolder)).length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      req.destroy();
      while ((await fs.readdir(tempFolder)).length > 0) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(await uploadedKeys()).toEqual(before);
      await request(stack.media.url).get('/api/media?limit=1').set(bob.headers).expect(200);
    });

    it('refuses an album the uploader may not edit with 403 and keeps nothing', async () => {
      const before = await uploadedKeys();
      const response = await upload(
        stack,
        bob,
        { type: 'photo', title: 'Into an album', albumId: '4' },
        { buffer: await png(), filename: 'p.png' },
      ).expect(403);
      expect(response.body.message).toBe('You can only upload into an album you created or may edit.');
      expect(await uploadedKeys()).toEqual(before);
    });

    it('asks for a sign-in without an identity, and refuses a non-form body', async () => {
      await request(stack.media.url).get('/api/media').expect(401);
      const response = await request(stack.media.url)
        .post('/api/media')
        .set(bob.headers)
        .send({ type: 'post', title: 'json' })
        .expect(400);
      expect(response.body.message).toBe('Please send the upload as a form with a file (multipart/form-data).');
    });
  });

  describe('files and thumbnails', () => {
    let photo: Buffer;
    let photoId: number;

    beforeAll(async () => {
      photo = await jpegWithExif('2020:01:01 10:00:00', 'f11e00');
      photoId = (
        await upload(
          stack,
          alice,
          { type: 'photo', title: 'Snow' },
          { buffer: photo, filename: 'Schnee im Garten – 2020.jpg', contentType: 'image/jpeg' },
        ).expect(201)
      ).body.id;
      await waitPrepared(stack, alice, photoId);
    });

    it('streams the original with its type, ETag, caching and a safe inline name', async () => {
      const response = await get(bob, `/api/media/${photoId}/file`).buffer(true).parse(binary).expect(200);
      expect(response.body).toEqual(photo);
      const sha = createHash('sha256').update(photo).digest('hex');
      expect(response.headers).toMatchObject({
        'content-type': 'image/jpeg',
        'content-length': String(photo.length),
        'accept-ranges': 'bytes',
        etag: `"${sha}"`,
        'x-content-type-options': 'nosniff',
      });
      expect(response.headers['cache-control']).toMatch(/^private/);
      expect(response.headers['content-disposition']).toBe(
        `inline; filename="Schnee im Garten _ 2020.jpg"; filename*=UTF-8''Schnee%20im%20Garten%20%E2%80%93%202020.jpg`,
      );
      await get(bob, `/api/media/${photoId}/file`).set('If-None-Match', `"${sha}"`).expect(304);
      const download = await get(bob, `/api/media/${photoId}/file?download=1`).buffer(true).parse(binary).expect(200);
      expect(download.headers['content-disposition']).toMatch(/^attachment; filename="Schnee im Garten _ 2020.jpg"/);
      expect(download.body).toEqual(photo);
    });

    it('answers byte ranges with 206 and the same bytes, and 416 past the end', async () => {
      const part = await get(bob, `/api/media/${photoId}/file`)
        .set('Range', 'bytes=100-1099')
        .buffer(true)
        .parse(binary)
        .expect(206);
      expect(part.headers['content-range']).toBe(`bytes 100-1099/${photo.length}`);
      expect(part.headers['content-length']).toBe('1000');
      expect(part.body).toEqual(photo.subarray(100, 1100));

      const tail = await get(bob, `/api/media/${photoId}/file`)
        .set('Range', 'bytes=-10')
        .buffer(true)
        .parse(binary)
        .expect(206);
      expect(tail.body).toEqual(photo.subarray(photo.length - 10));
      const open = await get(bob, `/api/media/${photoId}/file`)
        .set('Range', `bytes=${photo.length - 5}-`)
        .buffer(true)
        .parse(binary)
        .expect(206);
      expect(open.body).toEqual(photo.subarray(photo.length - 5));

      const past = await get(bob, `/api/media/${photoId}/file`).set('Range', `bytes=${photo.length}-`).expect(416);
      expect(past.headers['content-range']).toBe(`bytes */${photo.length}`);
      expect(past.body.message).toBe('The requested range is not in this file.');
    });

    it('offers documents that are not PDF as downloads, and names them safely', async () => {
      const item = (
        await upload(
          stack,
          alice,
          { type: 'document', title: 'Rezept' },
          { buffer: text(), filename: '../../Rezept für "Oma".txt', contentType: 'text/plain' },
        ).expect(201)
      ).body;
      const response = await get(bob, `/api/media/${item.id}/file`).expect(200);
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="Rezept fur _Oma_.txt"; filename*=UTF-8''Rezept%20f%C3%BCr%20%22Oma%22.txt`,
      );
      const doc = (
        await upload(
          stack,
          alice,
          { type: 'document', title: 'PDF' },
          { buffer: pdf(), filename: 'letter.pdf' },
        ).expect(201)
      ).body;
      const shown = await get(bob, `/api/media/${doc.id}/file`).expect(200);
      expect(shown.headers['content-type']).toBe('application/pdf');
      expect(shown.headers['content-disposition']).toMatch(/^inline; filename="letter.pdf"/);
    });

    it('serves the WebP thumbnail (480 px) and preview the worker made, without EXIF, with ETags', async () => {
      const thumbnail = await get(bob, `/api/media/${photoId}/thumbnail`).buffer(true).parse(binary).expect(200);
      expect(thumbnail.headers['content-type']).toBe('image/webp');
      const meta = await sharp(thumbnail.body).metadata();
      expect(meta.format).toBe('webp');
      expect([meta.width, meta.height]).toEqual([480, 320]);
      expect(meta.exif).toBeUndefined();
      await get(alice, `/api/media/${photoId}/thumbnail`).set('If-None-Match', thumbnail.headers.etag).expect(304);

      const preview = await get(bob, `/api/media/${photoId}/preview`).buffer(true).parse(binary).expect(200);
      const previewMeta = await sharp(preview.body).metadata();
      expect([previewMeta.format, previewMeta.width, previewMeta.height]).toEqual(['webp', 1200, 800]);
      expect(previewMeta.exif).toBeUndefined();
      const part = await get(bob, `/api/media/${photoId}/preview`).set('Range', 'bytes=0-99').expect(206);
      expect(part.headers['content-length']).toBe('100');
    });

    it('applies the EXIF orientation to thumbnails', async () => {
      const item = (
        await upload(
          stack,
          alice,
          { type: 'photo', title: 'Portrait' },
          { buffer: await rotatedJpeg(), filename: 'p.jpg' },
        ).expect(201)
      ).body;
      const prepared = await waitPrepared(stack, alice, item.id);
      expect([prepared.width, prepared.height]).toEqual([400, 800]);
      const thumbnail = await get(alice, prepared.thumbnailUrl!).buffer(true).parse(binary).expect(200);
      const meta = await sharp(thumbnail.body).metadata();
      expect([meta.width, meta.height]).toEqual([240, 480]);
    });

    it('answers 404 for a thumbnail of an item without a picture, and plays a WAV as it is', async () => {
      const audio = (
        await upload(
          stack,
          alice,
          { type: 'audio', title: 'Hum' },
          { buffer: wav(0.2, 9), filename: 'hum.wav' },
        ).expect(201)
      ).body;
      const response = await get(alice, `/api/media/${audio.id}/thumbnail`).expect(404);
      expect(response.body.message).toBe('This item has no picture.');
      const prepared = await waitPrepared(stack, alice, audio.id);
      expect(prepared).toMatchObject({ processing: 'ready', playbackUrl: `/api/media/${audio.id}/playback` });
      expect(prepared.durationSeconds).toBeCloseTo(0.2, 1);
      // A WAV plays as it is: the playback route serves the original.
      const played = await get(alice, prepared.playbackUrl!).buffer(true).parse(binary).expect(200);
      expect(played.body).toEqual(wav(0.2, 9));
      const post = (await upload(stack, alice, { type: 'post', title: 'Just words', content: 'Hello' }).expect(201))
        .body;
      expect((await get(alice, `/api/media/${post.id}/file`).expect(404)).body.message).toBe('This item has no file.');
      await get(alice, '/api/media/999999/file').expect(404);
    });
  });

  describe('lists', () => {
    let dave: Person;

    beforeAll(async () => {
      dave = await addPerson(stack, 104, 'dave', 'Dave');
      for (const [title, date, type] of [
        ['Dave at 50% speed', '2010-05-05', 'video'],
        ['Dave singing', '2011-06-06', 'audio'],
        ['dave_notes', '2012-07-07', 'document'],
      ] as const) {
        const file =
          type === 'video'
            ? {
                buffer: Buffer.concat([
                  Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex'),
                  Buffer.alloc(64, 3),
                ]),
                filename: 'v.mp4',
              }
            : type === 'audio'
              ? { buffer: wav(0.1, date.length + title.length), filename: 's.wav' }
              : { buffer: pdf(title), filename: 'n.pdf' };
        await upload(stack, dave, { type, title, mediaDate: date }, file).expect(201);
      }
    });

    it('lists newest first with filters: uploader, type, and case-insensitive title search', async () => {
      const mine = await get(alice, `/api/media?userId=${dave.id}&uploaded=true`).expect(200);
      expect(mine.body.items.map((i: { title: string }) => i.title)).toEqual([
        'dave_notes',
        'Dave singing',
        'Dave at 50% speed',
      ]);
      expect(mine.body.nextCursor).toBeNull();

      const videos = await get(alice, `/api/media?userId=${dave.id}&type=video`).expect(200);
      expect(videos.body.items.map((i: { type: string }) => i.type)).toEqual(['video']);

      const search = await get(alice, '/api/media?q=DAVE%20S').expect(200);
      expect(search.body.items.map((i: { title: string }) => i.title)).toEqual(['Dave singing']);
      // LIKE wildcards are searched for literally.
      expect(
        (await get(alice, '/api/media?q=50%25').expect(200)).body.items.map((i: { title: string }) => i.title),
      ).toEqual(['Dave at 50% speed']);
      expect(
        (await get(alice, '/api/media?q=e_n').expect(200)).body.items.map((i: { title: string }) => i.title),
      ).toEqual(['dave_notes']);
    });

    it('pages with a cursor and checks its parameters', async () => {
      const first = await get(alice, `/api/media?userId=${dave.id}&uploaded=true&limit=2`).expect(200);
      expect(first.body.items).toHaveLength(2);
      expect(first.body.nextCursor).toEqual(expect.any(String));
      const second = await get(
        alice,
        `/api/media?userId=${dave.id}&uploaded=true&limit=2&cursor=${first.body.nextCursor}`,
      ).expect(200);
      expect(second.body.items.map((i: { title: string }) => i.title)).toEqual(['Dave at 50% speed']);
      expect(second.body.nextCursor).toBeNull();

      expect((await get(alice, '/api/media?limit=0').expect(400)).body.message).toBe('limit must be at least 1');
      expect((await get(alice, '/api/media?limit=201').expect(400)).body.message).toBe('limit must be at most 200');
      expect((await get(alice, '/api/media?type=film').expect(400)).body.message).toBe(
        'type must be one of photo, video, audio, document or post',
      );
      expect((await get(alice, '/api/media?cursor=bm9wZQ').expect(400)).body.message).toBe(
        'The page cursor is not valid. Load the list again from the start.',
      );
    });
  });

  describe('visibility, rights and tags', () => {
    let hidden: { id: number; thumbnailUrl: string };
    let open: { id: number };

    beforeAll(async () => {
      hidden = (
        await upload(
          stack,
          bob,
          { type: 'photo', title: 'Family secret' },
          { buffer: await png(), filename: 's.png' },
        ).expect(201)
      ).body;
      open = (
        await upload(
          stack,
          bob,
          { type: 'document', title: 'Open letter' },
          { buffer: pdf(), filename: 'l.pdf' },
        ).expect(201)
      ).body;
      // Bob's item goes into album 9, which nobody else can see (an album only this test knows: straight in).
      expect(await stack.media.app.get(AlbumItemsRepository).attachToAlbum(hidden.id, 9)).toBe(true);
      await waitPrepared(stack, bob, hidden.id);
    });

    it('shows an item in an unseen album only to its uploader and the people tagged in it', async () => {
      for (const url of [
        `/api/media/${hidden.id}`,
        `/api/media/${hidden.id}/file`,
        `/api/media/${hidden.id}/thumbnail`,
        `/api/media/${hidden.id}/tags`,
        `/api/media/tags/${hidden.id}`,
      ]) {
        expect((await get(alice, url).expect(404)).body.message).toBe(NOT_FOUND);
      }
      const ids = async (person: Person) =>
        (await get(person, `/api/media?userId=${bob.id}&uploaded=true&limit=200`).expect(200)).body.items.map(
          (i: { id: number }) => i.id,
        );
      expect(await ids(alice)).not.toContain(hidden.id);
      expect(await ids(alice)).toContain(open.id);
      expect(await ids(bob)).toContain(hidden.id);
      await get(bob, `/api/media/${hidden.id}/thumbnail`).expect(200);

      // Tagged, Carol sees it everywhere.
      await request(stack.media.url)
        .post(`/api/media/${hidden.id}/tags`)
        .set(bob.headers)
        .send({ userId: carol.id })
        .expect(201);
      expect(await ids(carol)).toContain(hidden.id);
      await get(carol, `/api/media/${hidden.id}/file`).expect(200);
      const tagged = await get(carol, '/api/media/tagged').expect(200);
      expect(tagged.body.items.map((i: { id: number }) => i.id)).toContain(hidden.id);
      // Alice looking at Carol's tagged list still does not see it.
      const viaAlice = await get(alice, `/api/media/tagged?userId=${carol.id}`).expect(200);
      expect(viaAlice.body.items.map((i: { id: number }) => i.id)).not.toContain(hidden.id);
      // Nor can she tag or untag on it.
      await request(stack.media.url)
        .post(`/api/media/${hidden.id}/tags`)
        .set(alice.headers)
        .send({ userId: alice.id })
        .expect(404);
    });

    it('lets only the uploader edit and delete an item in no album', async () => {
      const edit = await request(stack.media.url)
        .patch(`/api/media/${open.id}`)
        .set(alice.headers)
        .send({ title: 'Mine now' })
        .expect(403);
      expect(edit.body.message).toBe('Only the uploader or an album editor can edit this item');
      const remove = await request(stack.media.url).delete(`/api/media/${open.id}`).set(alice.headers).expect(403);
      expect(remove.body.message).toBe('Only the uploader or the album creator can delete this item');
      await request(stack.media.url)
        .patch(`/api/media/${hidden.id}`)
        .set(alice.headers)
        .send({ title: 'x' })
        .expect(404);
    });

    it('edits title, description and date, trimmed, with an empty description cleared', async () => {
      const response = await request(stack.media.url)
        .patch(`/api/media/${open.id}`)
        .set(bob.headers)
        .send({ title: '  Letter to the family ', description: '   ', mediaDate: '1999-09-09' })
        .expect(200);
      expect(response.body).toMatchObject({
        id: open.id,
        title: 'Letter to the family',
        description: null,
        mediaDate: '1999-09-09',
      });
      const described = await request(stack.media.url)
        .patch(`/api/media/${open.id}`)
        .set(bob.headers)
        .send({ description: ' Dear all ' })
        .expect(200);
      expect(described.body).toMatchObject({ title: 'Letter to the family', description: 'Dear all' });

      for (const [body, message] of [
        [{ title: '  ' }, 'Please enter a title'],
        [{ title: null }, 'Please enter a title'],
        [{ mediaDate: '09/09/1999' }, 'Please enter the date as YYYY-MM-DD'],
        [{ mediaDate: '2021-13-01' }, 'Please enter the date as YYYY-MM-DD'],
      ] as const) {
        expect(
          (await request(stack.media.url).patch(`/api/media/${open.id}`).set(bob.headers).send(body).expect(400)).body
            .message,
        ).toBe(message);
      }
    });

    it('tags people: both list paths, unknown person, already tagged, self-removal', async () => {
      const tag = await request(stack.media.url)
        .post(`/api/media/${open.id}/tags`)
        .set(alice.headers)
        .send({ userId: carol.id })
        .expect(201);
      expect(tag.body).toEqual({
        userId: carol.id,
        user: { id: carol.id, displayName: 'Cousin Carol', username: 'carol' },
      });
      await request(stack.media.url)
        .post(`/api/media/${open.id}/tags`)
        .set(alice.headers)
        .send({ userId: alice.id })
        .expect(201);

      const again = await request(stack.media.url)
        .post(`/api/media/${open.id}/tags`)
        .set(bob.headers)
        .send({ userId: carol.id })
        .expect(409);
      expect(again.body.message).toBe('This person is already tagged');
      const nobody = await request(stack.media.url)
        .post(`/api/media/${open.id}/tags`)
        .set(bob.headers)
        .send({ userId: 999 })
        .expect(404);
      expect(nobody.body.message).toBe('This person is not in the family archive.');
      const text = await request(stack.media.url)
        .post(`/api/media/${open.id}/tags`)
        .set(bob.headers)
        .send({ userId: String(carol.id) })
        .expect(400);
      expect(text.body.message).toBe('Please choose a person to tag');

      const one = (await get(bob, `/api/media/${open.id}/tags`).expect(200)).body;
      expect(one).toEqual([
        { userId: carol.id, user: { id: carol.id, displayName: 'Cousin Carol', username: 'carol' } },
        { userId: alice.id, user: { id: alice.id, displayName: 'Grandma Alice', username: 'alice' } },
      ]);
      expect((await get(bob, `/api/media/tags/${open.id}`).expect(200)).body).toEqual(one);
      expect((await get(bob, `/api/media/${open.id}`).expect(200)).body.tags).toEqual(one);

      await request(stack.media.url).delete(`/api/media/${open.id}/tags/${carol.id}`).set(carol.headers).expect(204);
      const gone = await request(stack.media.url)
        .delete(`/api/media/${open.id}/tags/${carol.id}`)
        .set(carol.headers)
        .expect(404);
      expect(gone.body.message).toBe('This person is not tagged in this item.');
      expect(
        (await get(bob, `/api/media/${open.id}/tags`).expect(200)).body.map((t: { userId: number }) => t.userId),
      ).toEqual([alice.id]);
    });

    it('deletes an item into the trash, and from there for good with its tags, file and every derivative', async () => {
      await get(bob, `/api/media/${hidden.id}/thumbnail`).expect(200);
      const [row] = await stack.db.query(`SELECT object_key FROM media.media_items WHERE id = $1`, [hidden.id]);
      expect(await stack.storage.stat(row.object_key)).not.toBeNull();
      expect(await stack.storage.stat(`derived/${hidden.id}/thumbnail.webp`)).not.toBeNull();
      expect(await stack.storage.stat(`derived/${hidden.id}/preview.webp`)).not.toBeNull();

      await request(stack.media.url).delete(`/api/media/${hidden.id}`).set(bob.headers).expect(204);
      await get(bob, `/api/media/${hidden.id}`).expect(404);
      // In the trash (docs/product.md "Trash") it keeps its file until it is deleted for good.
      expect(await stack.storage.stat(row.object_key)).not.toBeNull();
      await request(stack.media.url).delete(`/api/trash/${hidden.id}`).set(bob.headers).expect(204);
      expect(await stack.storage.stat(row.object_key)).toBeNull();
      expect((await storedKeys(stack)).filter((key) => key.startsWith(`derived/${hidden.id}/`))).toEqual([]);
      expect(await stack.db.query(`SELECT * FROM media.media_tags WHERE media_id = $1`, [hidden.id])).toEqual([]);
      await request(stack.media.url).delete(`/api/media/${hidden.id}`).set(bob.headers).expect(404);
    });
  });

  describe('bad input: a sentence, never a 500', () => {
    const BEYOND_INT = '9999999999';
    let item: { id: number };

    beforeAll(async () => {
      item = (await upload(stack, alice, { type: 'post', title: 'Plain words', content: 'Hello' }).expect(201)).body;
    });

    it('answers 400 for ids beyond what Postgres stores, in the address, the query and the body', async () => {
      for (const url of [
        `/api/media/${BEYOND_INT}`,
        `/api/media/${BEYOND_INT}/file`,
        `/api/media/${BEYOND_INT}/thumbnail`,
        `/api/media/${BEYOND_INT}/tags`,
        `/api/media/tags/${BEYOND_INT}`,
      ]) {
        expect((await get(alice, url).expect(400)).body.message).toBe(
          'The id in the address is too large: nothing has an id that big.',
        );
      }
      await request(stack.media.url).patch(`/api/media/${BEYOND_INT}`).set(alice.headers).send({}).expect(400);
      await request(stack.media.url).delete(`/api/media/${BEYOND_INT}`).set(alice.headers).expect(400);
      await request(stack.media.url).delete(`/api/media/${item.id}/tags/${BEYOND_INT}`).set(alice.headers).expect(400);

      expect((await get(alice, `/api/media?userId=${BEYOND_INT}`).expect(400)).body.message).toBe(
        'userId must be a user id',
      );
      expect((await get(alice, `/api/media?albumId=1e20`).expect(400)).body.message).toBe(
        'albumId must be an album id',
      );
      expect((await get(alice, `/api/media/tagged?userId=${BEYOND_INT}`).expect(400)).body.message).toBe(
        'userId must be a user id',
      );
      const tag = await request(stack.media.url)
        .post(`/api/media/${item.id}/tags`)
        .set(alice.headers)
        .send({ userId: Number(BEYOND_INT) })
        .expect(400);
      expect(tag.body.message).toBe('Please choose a person to tag');

      const move = await request(stack.media.url)
        .put(`/api/media/${item.id}/album`)
        .set(alice.headers)
        .send({ albumId: Number(BEYOND_INT) })
        .expect(400);
      expect(move.body.message).toBe('albumId must be an album id');
    });

    it('refuses text with a null character, sent as JSON or in an upload form, and keeps nothing', async () => {
      const nul = 'The text contains a null character (\\u0000), which cannot be stored. Please remove it.';
      for (const body of [{ title: 'Snow\u0000day' }, { description: 'x\u0000' }]) {
        const edit = await request(stack.media.url).patch(`/api/media/${item.id}`).set(alice.headers).send(body);
        expect(edit.status).toBe(400);
        expect(edit.body.message).toBe(nul);
      }
      expect((await get(alice, '/api/media?q=%00').expect(400)).body.message).toBe(nul);
      expect((await get(alice, `/api/media/${item.id}`).expect(200)).body).toMatchObject({
        title: 'Plain words',
        description: null,
      });

      const before = await uploadedKeys();
      const forms: Array<Record<string, string>> = [
        { type: 'post', title: 'a\u0000b' },
        { type: 'post', title: 'ok', description: 'x\u0000' },
        { type: 'post', title: 'ok', content: 'x\u0000' },
      ];
      for (const fields of forms) {
        expect((await upload(stack, alice, fields).expect(400)).body.message).toBe(nul);
      }
      const withFile = await upload(
        stack,
        alice,
        { type: 'photo', title: 'Nul\u0000' },
        { buffer: await png(), filename: 'n.png' },
      ).expect(400);
      expect(withFile.body.message).toBe(nul);
      expect(await uploadedKeys()).toEqual(before);
    });

    it('refuses a deeply nested body with 400 instead of overflowing the stack', async () => {
      const deep = `${'['.repeat(20000)}${']'.repeat(20000)}`;
      for (const json of [`{"title":${deep}}`, `{"unknown":${deep}}`]) {
        const response = await request(stack.media.url)
          .patch(`/api/media/${item.id}`)
          .set(alice.headers)
          .set('content-type', 'application/json')
          .send(json);
        expect(response.status).toBe(400);
        expect(response.body.message).toBe('The request is nested too deeply.');
      }
    });
  });

  describe('health', () => {
    it('is ready only while object storage is usable', async () => {
      await request(stack.media.url).get('/health').expect(200, { status: 'ok' });
      await request(stack.media.url).get('/ready').expect(200, { status: 'ready' });
      const temp = path.join(stack.storageDir, '.tmp');
      await fs.rename(temp, `${temp}-away`);
      try {
        await request(stack.media.url).get('/ready').expect(503);
      } finally {
        await fs.rename(`${temp}-away`, temp);
      }
      await request(stack.media.url).get('/ready').expect(200);
    });
  });
});
