import { createHash } from 'node:crypto';
import { BULK_MAX_IDS } from '@family/contract';
import { ApiClient, registerPerson, type Person } from '../support/api';
import { jpeg, privateAlbum, uploadMedia } from '../support/media';
import { baseUrl } from '../support/stack';
import { readZip } from '../support/zip';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** POST /api/media/download through the gateway, as a browser asks (it accepts compressed answers). */
async function download(person: Person, ids: number[]): Promise<Response> {
  return fetch(`${baseUrl}/api/media/download`, {
    method: 'POST',
    headers: { cookie: person.client.cookie, 'content-type': 'application/json', 'accept-encoding': 'gzip, br' },
    body: JSON.stringify({ ids }),
  });
}

describe('select many through the API: bulk actions and the ZIP download', () => {
  const run = Date.now().toString(36);
  let rose: Person;
  let tom: Person;
  /** Rose's 50 photos, with the bytes she uploaded. */
  const photos: Array<{ id: number; title: string; bytes: Buffer }> = [];
  /** Three of Rose's photos in no album. */
  const loose: number[] = [];
  let tomsSecret: number;
  let roseAlbum: number;

  beforeAll(async () => {
    rose = await registerPerson('brose', `Rose ${run}`);
    tom = await registerPerson('btom', `Tom ${run}`);
    roseAlbum = await privateAlbum(rose.client, `Wedding ${run}`);
    // In Rose's private album from the start, so other tests' galleries stay as they were.
    for (let n = 0; n < 50; n++) {
      const bytes = await jpeg(n * 5, { width: 320 + n, height: 240 });
      const title = `Wedding ${n} ${run}`;
      const item = await uploadMedia(
        rose.client,
        { type: 'photo', title, mediaDate: '2021-09-18', albumId: String(roseAlbum) },
        { bytes, name: `IMG_${1000 + n}.jpg`, type: 'image/jpeg' },
      );
      photos.push({ id: item.id, title, bytes });
    }
    for (let n = 0; n < 3; n++) {
      const bytes = await jpeg(n * 7 + 3, { width: 200, height: 150 + n });
      loose.push(
        (
          await uploadMedia(
            rose.client,
            { type: 'photo', title: `Loose ${n} ${run}` },
            { bytes, name: 'l.jpg', type: 'image/jpeg' },
          )
        ).id,
      );
    }
    const tomsAlbum = await privateAlbum(tom.client, `Tom's ${run}`);
    tomsSecret = (
      await uploadMedia(
        tom.client,
        { type: 'photo', title: `Secret ${run}`, albumId: String(tomsAlbum) },
        { bytes: await jpeg(251), name: 'secret.jpg', type: 'image/jpeg' },
      )
    ).id;
  }, 180_000);

  it('streams a ZIP of 50 originals, each byte for byte, uncompressed by the gateway, and names what it left out', async () => {
    const ids = [...photos.map((photo) => photo.id), tomsSecret];
    const response = await download(rose, ids);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="Family Archive /);
    const entries = await readZip(Buffer.from(await response.arrayBuffer()));
    expect(entries.size).toBe(51);
    for (const photo of photos) {
      const name = `2021-09-18 ${photo.title} (${photo.id}).jpg`;
      const entry = entries.get(name);
      expect(entry).toBeDefined();
      expect(entry!.utf8).toBe(true);
      expect(sha256(entry!.data)).toBe(sha256(photo.bytes));
    }
    const skipped = entries.get('skipped.txt')!.data.toString('utf8');
    expect(skipped).toBe(`Left out of this download:\n${tomsSecret}: not found\n`);
  });

  it('adds to an album, tags and deletes many items in one request each, reporting what it skipped', async () => {
    const ids = [...photos.map((photo) => photo.id), tomsSecret];
    const added = await rose.client.post('/api/media/bulk', {
      action: 'addToAlbum',
      albumId: roseAlbum,
      ids: [...loose, photos[0].id, tomsSecret],
    });
    expect(added.status).toBe(200);
    expect(added.body).toEqual({ done: [...loose, photos[0].id], skipped: [{ id: tomsSecret, reason: 'not found' }] });
    const album = await rose.client.get(`/api/media?albumId=${roseAlbum}&limit=100`);
    expect(album.body.items).toHaveLength(53);
    const other = await privateAlbum(rose.client, `Other ${run}`);
    const moved = await rose.client.post('/api/media/bulk', {
      action: 'addToAlbum',
      albumId: other,
      ids: ids.slice(0, 2),
    });
    expect(moved.body).toEqual({
      done: [],
      skipped: ids.slice(0, 2).map((id) => ({ id, reason: 'This item is already in an album' })),
    });

    // Tom does not see Rose's album: only she, who may edit the items, may show them to him.
    const tagged = await rose.client.post('/api/media/bulk', { action: 'tag', userId: tom.id, ids: ids.slice(0, 10) });
    expect(tagged.body.done).toHaveLength(10);
    const seen = await tom.client.get(`/api/media/tagged?limit=100`);
    expect(seen.body.items.map((item: { id: number }) => item.id).sort()).toEqual(ids.slice(0, 10).sort());

    // Tom sees the ten he is tagged in but may delete none of them; the rest he does not see at all.
    const refused = await tom.client.post('/api/media/bulk', { action: 'delete', ids: ids.slice(0, 12) });
    expect(refused.body.done).toEqual([]);
    expect(refused.body.skipped).toEqual([
      ...ids.slice(0, 10).map((id) => ({ id, reason: 'Only the uploader or the album creator can delete this item' })),
      { id: ids[10], reason: 'not found' },
      { id: ids[11], reason: 'not found' },
    ]);

    const deleted = await rose.client.post('/api/media/bulk', { action: 'delete', ids: ids.slice(40) });
    expect(deleted.body).toEqual({ done: ids.slice(40, 50), skipped: [{ id: tomsSecret, reason: 'not found' }] });
    expect((await rose.client.get(`/api/media/${ids[45]}`)).status).toBe(404);
    expect((await tom.client.get(`/api/media/${tomsSecret}`)).status).toBe(200);
  });

  it(`refuses more than ${BULK_MAX_IDS} ids, or none, with a sentence; and signed out, with 401`, async () => {
    const tooMany = Array.from({ length: BULK_MAX_IDS + 1 }, (_, index) => index + 1);
    const bulk = await rose.client.post('/api/media/bulk', { action: 'delete', ids: tooMany });
    expect(bulk.status).toBe(400);
    expect(bulk.body.message).toBe('Choose at most 500 items at once.');
    const zip = await download(rose, tooMany);
    expect(zip.status).toBe(400);
    expect(((await zip.json()) as { message: string }).message).toBe('Choose at most 500 items at once.');
    const none = await rose.client.post('/api/media/bulk', { action: 'tag', userId: tom.id, ids: [] });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Choose at least one item.');
    const stranger = new ApiClient();
    expect((await stranger.post('/api/media/download', { ids: [photos[0].id] })).status).toBe(401);
  });
});
