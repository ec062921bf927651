import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { signUp, type SignedUp } from '../support/api';
import { jpeg, uploadForm, uploadMedia, waitPrepared } from '../support/media';
import { repoRoot } from '../support/stack';

const NOT_FOUND = "This media item doesn't exist or you don't have permission to view it.";

/** A JPEG (960 x 640) taken on 20 August 2015 by its EXIF date; `shade` makes its bytes unique. */
function photo(shade: number): Promise<Buffer> {
  return jpeg(shade, { width: 960, height: 640, takenAt: '2015:08:20 18:30:00' });
}

describe('media through the gateway, with two people', () => {
  let rose: SignedUp;
  let tom: SignedUp;

  beforeAll(async () => {
    rose = await signUp('mrose');
    tom = await signUp('mtom');
  });

  it('uploads a photo with its thumbnail at once, the worker dates it from EXIF and makes the rest; serves it with Range and ETag', async () => {
    const bytes = await photo(11);
    const created = await rose.client.post(
      '/api/media',
      uploadForm({ type: 'photo', title: ' Sunset ' }, { bytes, name: 'sunset.jpg', type: 'image/jpeg' }),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      type: 'photo',
      title: 'Sunset',
      processing: 'pending',
      url: `/api/media/${created.body.id}/file`,
      user: { id: rose.user.id, username: rose.username },
      tags: [],
      // The upload made the thumbnail itself: it answers at once, before the worker need have run.
      thumbnailUrl: `/api/media/${created.body.id}/thumbnail`,
    });
    const early = await fetch(`${tom.client.base}${created.body.thumbnailUrl}`, {
      headers: { cookie: tom.client.cookie },
    });
    expect([early.status, early.headers.get('content-type')]).toEqual([200, 'image/webp']);
    const earlyMeta = await sharp(Buffer.from(await early.arrayBuffer())).metadata();
    expect([earlyMeta.width, earlyMeta.height, earlyMeta.exif]).toEqual([480, 320, undefined]);
    expect(await waitPrepared(tom.client, created.body.id)).toMatchObject({
      processing: 'ready',
      mediaDate: '2015-08-20',
      thumbnailUrl: `/api/media/${created.body.id}/thumbnail`,
      previewUrl: `/api/media/${created.body.id}/preview`,
      width: 960,
      height: 640,
    });

    const whole = await fetch(`${tom.client.base}${created.body.url}`, { headers: { cookie: tom.client.cookie } });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('etag')).toBe(`"${createHash('sha256').update(bytes).digest('hex')}"`);
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(bytes);
    const part = await fetch(`${tom.client.base}${created.body.url}`, {
      headers: { cookie: tom.client.cookie, range: 'bytes=10-19' },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-19/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(10, 20));
    const again = await fetch(`${tom.client.base}${created.body.url}`, {
      headers: { cookie: tom.client.cookie, 'if-none-match': whole.headers.get('etag')! },
    });
    expect(again.status).toBe(304);

    const thumbnail = await fetch(`${tom.client.base}/api/media/${created.body.id}/thumbnail`, {
      headers: { cookie: tom.client.cookie },
    });
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([480, 320]);
  });

  it('tells the upload dialog the largest file one upload may bring', async () => {
    const limits = await rose.client.get('/api/media/limits');
    expect(limits.status).toBe(200);
    expect(limits.body).toEqual({ maxUploadBytes: 50 * 1024 * 1024 });
    expect((await fetch(`${rose.client.base}/api/media/limits`)).status).toBe(401);
  });

  it('refuses what docs/product.md "Upload" refuses, with the sentences people see', async () => {
    const noFile = await rose.client.post('/api/media', uploadForm({ type: 'video', title: 'No file' }));
    expect([noFile.status, noFile.body.message]).toEqual([400, 'Please select a file to upload']);
    const wrongKind = await rose.client.post(
      '/api/media',
      uploadForm(
        { type: 'audio', title: 'Not a song' },
        { bytes: await photo(12), name: 'song.mp3', type: 'audio/mpeg' },
      ),
    );
    expect([wrongKind.status, wrongKind.body.message]).toEqual([
      415,
      'An audio item must be a sound file (such as MP3, M4A, WAV or OGG).',
    ]);
    const big = Buffer.alloc(50 * 1024 * 1024 + 1, 1);
    Buffer.from('%PDF-1.4\n').copy(big);
    const tooBig = await rose.client.post(
      '/api/media',
      uploadForm({ type: 'document', title: 'Huge' }, { bytes: big, name: 'huge.pdf', type: 'application/pdf' }),
    );
    expect([tooBig.status, tooBig.body.message]).toEqual([413, 'File size must be less than 50 MB']);

    const bytes = await photo(13);
    const first = await rose.client.post(
      '/api/media',
      uploadForm({ type: 'photo', title: 'Once' }, { bytes, name: 'a.jpg', type: 'image/jpeg' }),
    );
    const twice = await rose.client.post(
      '/api/media',
      uploadForm({ type: 'photo', title: 'Twice' }, { bytes, name: 'a.jpg', type: 'image/jpeg' }),
    );
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ message: 'You already uploaded this file', id: first.body.id });
  });

  it('serves sound in an MP4 or WebM container by what its bytes are, never as the type the browser declared', async () => {
    // The browser says it is sound (else it is refused as a video), with a type of its own choosing.
    for (const [fixture, declared, served] of [
      ['clip.mp4', 'audio/x-anything', 'audio/mp4'],
      ['clip.webm', 'audio/svg+xml', 'audio/webm'],
      ['tone.m4a', 'audio/html', 'audio/mp4'],
    ]) {
      const bytes = fs.readFileSync(path.join(repoRoot, 'services/media/test/fixtures', fixture));
      const item = await uploadMedia(
        rose.client,
        { type: 'audio', title: `Sound in ${fixture}` },
        { bytes, name: fixture, type: declared },
      );
      const file = await fetch(`${tom.client.base}${item.url}`, { headers: { cookie: tom.client.cookie } });
      expect({ fixture, status: file.status, type: file.headers.get('content-type') }).toEqual({
        fixture,
        status: 200,
        type: served,
      });
      expect(Buffer.from(await file.arrayBuffer())).toEqual(bytes);
    }
  });

  it('lets anyone who sees an item tag people, and only the uploader edit and delete it', async () => {
    const item = (
      await rose.client.post('/api/media', uploadForm({ type: 'post', title: 'Reunion', content: 'Bring a dish' }))
    ).body;

    const tagged = await tom.client.post(`/api/media/${item.id}/tags`, { userId: tom.user.id });
    expect(tagged.status).toBe(201);
    expect((await tom.client.post(`/api/media/${item.id}/tags`, { userId: tom.user.id })).body.message).toBe(
      'This person is already tagged',
    );
    const mine = await tom.client.get('/api/media/tagged');
    expect(mine.body.items.map((i: { id: number }) => i.id)).toContain(item.id);
    expect(
      (await rose.client.get(`/api/media/tagged?userId=${tom.user.id}`)).body.items.map((i: { id: number }) => i.id),
    ).toContain(item.id);

    const edit = await tom.client.patch(`/api/media/${item.id}`, { title: 'Mine' });
    expect([edit.status, edit.body.message]).toEqual([403, 'Only the uploader or an album editor can edit this item']);
    const remove = await tom.client.delete(`/api/media/${item.id}`);
    expect([remove.status, remove.body.message]).toEqual([
      403,
      'Only the uploader or the album creator can delete this item',
    ]);

    const edited = await rose.client.patch(`/api/media/${item.id}`, {
      title: ' Reunion 2026 ',
      description: '',
      mediaDate: '2026-07-01',
    });
    expect(edited.body).toMatchObject({ title: 'Reunion 2026', description: null, mediaDate: '2026-07-01' });
    expect((await rose.client.delete(`/api/media/${item.id}`)).status).toBe(204);
    const gone = await tom.client.get(`/api/media/${item.id}`);
    expect([gone.status, gone.body.message]).toEqual([404, NOT_FOUND]);
  });

  it('searches, filters and pages the list, newest first', async () => {
    const marker = `zebra${Date.now().toString(36)}`;
    for (const [title, date] of [
      [`${marker} one`, '2001-01-01'],
      [`${marker} two`, '2002-02-02'],
      [`${marker} three`, '2003-03-03'],
    ]) {
      expect((await rose.client.post('/api/media', uploadForm({ type: 'post', title, mediaDate: date }))).status).toBe(
        201,
      );
    }
    const first = await tom.client.get(`/api/media?q=${marker.toUpperCase()}&type=post&limit=2`);
    expect(first.body.items.map((i: { title: string }) => i.title)).toEqual([`${marker} three`, `${marker} two`]);
    const second = await tom.client.get(`/api/media?q=${marker}&type=post&limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body).toMatchObject({ items: [{ title: `${marker} one` }], nextCursor: null });
    expect((await tom.client.get(`/api/media?q=${marker}&type=photo`)).body.items).toEqual([]);
  });

  it("removes a deleted account's uploads and tags, keeping everyone else's items", async () => {
    const leaving = await signUp('mleaving');
    const theirs = (
      await leaving.client.post(
        '/api/media',
        uploadForm({ type: 'photo', title: 'Leaving' }, { bytes: await photo(14), name: 'l.jpg', type: 'image/jpeg' }),
      )
    ).body;
    const roses = (await rose.client.post('/api/media', uploadForm({ type: 'post', title: 'Stays' }))).body;
    await rose.client.post(`/api/media/${roses.id}/tags`, { userId: leaving.user.id });

    expect((await leaving.client.delete('/api/user')).status).toBeLessThan(300);
    expect((await rose.client.get(`/api/media/${theirs.id}`)).status).toBe(404);
    expect((await rose.client.get(`/api/media/${theirs.id}/file`)).status).toBe(404);
    const kept = await rose.client.get(`/api/media/${roses.id}`);
    expect(kept.status).toBe(200);
    expect(kept.body.tags).toEqual([]);
  });
});
