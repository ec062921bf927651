import request from 'supertest';
import * as yauzl from 'yauzl';
import type { BulkResult, MediaItem, TrashPage } from '@family/contract';
import { addPerson, binary, jpegWithExif, type MediaStack, type Person, startMediaStack, upload } from './support';

/** Every entry of a ZIP in memory, with its bytes and whether its name is flagged UTF-8. */
function readZip(buffer: Buffer): Promise<Map<string, { data: Buffer; utf8: boolean }>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true }, (error, zip) => {
      if (error) return reject(error);
      const entries = new Map<string, { data: Buffer; utf8: boolean }>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (openError, stream) => {
          if (openError) return reject(openError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, {
              data: Buffer.concat(chunks),
              utf8: (entry.generalPurposeBitFlag & 0x800) !== 0,
            });
            zip.readEntry();
          });
          stream.on('error', reject);
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/**
 * POST /api/media/bulk and POST /api/media/download (docs/api.md "Select many") against the real albums and
 * profile services: the rights of each single-item route, item by item, in one request.
 *   Kate: three photos and a text post of her own; her private album "Wedding".
 *   Leo: a photo in no album (Kate sees it, may not change it), and one in his private album (Kate cannot see it).
 */
describe('bulk actions and the ZIP download', () => {
  let stack: MediaStack;
  let kate: Person;
  let leo: Person;
  let mia: Person;
  let wedding: number;
  let leosAlbum: number;
  const bytes = new Map<number, Buffer>();
  let k1: MediaItem;
  let k2: MediaItem;
  let k3: MediaItem;
  let post: MediaItem;
  let l1: MediaItem;
  let l2: MediaItem;

  const api = () => request(stack.media.url);
  const bulk = (person: Person, body: object) => api().post('/api/media/bulk').set(person.headers).send(body);

  const createAlbum = async (person: Person, name: string): Promise<number> =>
    (
      await request(stack.albums.url)
        .post('/api/albums')
        .set(person.headers)
        .send({ name, description: '', isShared: false })
        .expect(201)
    ).body.id as number;

  const photo = async (person: Person, title: string, date: string, extra: Record<string, string> = {}) => {
    const buffer = await jpegWithExif(null);
    const item = (
      await upload(
        stack,
        person,
        { type: 'photo', title, mediaDate: date, ...extra },
        { buffer, filename: 'IMG_0001.JPG', contentType: 'image/jpeg' },
      ).expect(201)
    ).body as MediaItem;
    bytes.set(item.id, buffer);
    return item;
  };

  beforeAll(async () => {
    stack = await startMediaStack({ worker: false });
    kate = await addPerson(stack, 1101, 'kira', 'Kira');
    leo = await addPerson(stack, 1102, 'lev', 'Lev');
    mia = await addPerson(stack, 1103, 'mira', 'Mira');
    wedding = await createAlbum(kate, 'Wedding');
    leosAlbum = await createAlbum(leo, "Leo's papers");
    k1 = await photo(kate, 'Hochzeit: Ömer & Zoë / Tanz', '2019-06-01');
    k2 = await photo(kate, 'Cake', '2019-06-02');
    k3 = await photo(kate, 'Toast', '2019-06-03');
    post = (await upload(stack, kate, { type: 'post', title: 'A note', content: 'Hello' }).expect(201)).body;
    l1 = await photo(leo, "Leo's garden", '2020-05-05');
    l2 = await photo(leo, "Leo's secret", '2020-05-06', { albumId: String(leosAlbum) });
  }, 120_000);

  afterAll(() => stack?.close());

  it('adds what the member may change to an album and reports the rest, unseen ids as "not found"', async () => {
    const response = await bulk(kate, {
      action: 'addToAlbum',
      albumId: wedding,
      ids: [k1.id, l1.id, l2.id, 999999, k2.id],
    });
    expect(response.status).toBe(200);
    expect(response.body as BulkResult).toEqual({
      done: [k1.id, k2.id],
      skipped: [
        { id: l1.id, reason: 'Only the uploader or an album editor can add this item to an album' },
        { id: l2.id, reason: 'not found' },
        { id: 999999, reason: 'not found' },
      ],
    });
    const moved = await api().get(`/api/media/${k1.id}`).set(kate.headers).expect(200);
    expect(moved.body.albumId).toBe(wedding);
    // Again: already in this album is done, as the single route's 200; Leo's album is still not hers.
    const again = await bulk(kate, { action: 'addToAlbum', albumId: leosAlbum, ids: [k3.id] });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('Album not found');
    const same = await bulk(kate, { action: 'addToAlbum', albumId: wedding, ids: [k1.id] }).expect(200);
    expect(same.body).toEqual({ done: [k1.id], skipped: [] });
  });

  it('tags with the single route rules: only who may edit an item shows it outside its album', async () => {
    // Mia does not see Kate's Wedding album: Kate may edit k1, so tagging Mia there is hers to decide.
    const tagged = await bulk(kate, { action: 'tag', userId: mia.id, ids: [k1.id, l1.id, l2.id] }).expect(200);
    expect(tagged.body).toEqual({ done: [k1.id, l1.id], skipped: [{ id: l2.id, reason: 'not found' }] });
    const again = await bulk(kate, { action: 'tag', userId: mia.id, ids: [k1.id] }).expect(200);
    expect(again.body).toEqual({ done: [], skipped: [{ id: k1.id, reason: 'This person is already tagged' }] });
    // Mia sees k1 now (tagged) but may not edit it: she may not show it to Leo, who does not see the album.
    const widening = await bulk(mia, { action: 'tag', userId: leo.id, ids: [k1.id, l1.id] }).expect(200);
    expect(widening.body).toEqual({
      done: [l1.id],
      skipped: [{ id: k1.id, reason: 'Only those who may edit this item can show it to someone outside its album' }],
    });
    const nobody = await bulk(kate, { action: 'tag', userId: 987654, ids: [k1.id] });
    expect(nobody.status).toBe(404);
    expect(nobody.body.message).toBe('This person is not in the family archive.');
  });

  it('refuses more than 500 ids, none, or an unknown action with a sentence', async () => {
    const ids = Array.from({ length: 501 }, (_, index) => index + 1);
    const tooMany = await bulk(kate, { action: 'delete', ids });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe('Choose at most 500 items at once.');
    const none = await bulk(kate, { action: 'delete', ids: [] });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Choose at least one item.');
    const unknown = await bulk(kate, { action: 'burn', ids: [1] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('action must be one of: addToAlbum, tag, delete, setDate');
    const noAlbum = await bulk(kate, { action: 'addToAlbum', ids: [k1.id] });
    expect(noAlbum.status).toBe(400);
    expect(noAlbum.body.message).toBe('Choose the album to add the items to.');
    const download = await api().post('/api/media/download').set(kate.headers).send({ ids });
    expect(download.status).toBe(400);
    expect(download.body.message).toBe('Choose at most 500 items at once.');
  });

  it('streams a ZIP of the originals one sees, byte for byte, and lists what it left out by id', async () => {
    const response = await api()
      .post('/api/media/download')
      .set(kate.headers)
      .send({ ids: [k1.id, k3.id, post.id, l2.id, l1.id] })
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="Family Archive \d{4}-\d{2}-\d{2}\.zip"/,
    );
    const entries = await readZip(response.body as Buffer);
    expect([...entries.keys()].sort()).toEqual(
      [
        `2019-06-01 Hochzeit Ömer & Zoë Tanz (${k1.id}).jpg`,
        `2019-06-03 Toast (${k3.id}).jpg`,
        `2020-05-05 Leo's garden (${l1.id}).jpg`,
        'skipped.txt',
      ].sort(),
    );
    expect(entries.get(`2019-06-01 Hochzeit Ömer & Zoë Tanz (${k1.id}).jpg`)!.utf8).toBe(true);
    for (const item of [k1, k3, l1]) {
      const entry = [...entries].find(([name]) => name.endsWith(`(${item.id}).jpg`))!;
      expect(entry[1].data.equals(bytes.get(item.id)!)).toBe(true);
    }
    const skipped = entries.get('skipped.txt')!.data.toString('utf8');
    expect(skipped).toBe(
      `Left out of this download:\n${post.id}: no file (a post with text only)\n${l2.id}: not found\n`,
    );
    expect(skipped).not.toContain('secret');
  });

  it('answers the same ZIP to a link with ?ids=, so a browser saves it as it arrives', async () => {
    const response = await api()
      .get(`/api/media/download?ids=${k3.id},${l1.id},${l2.id}`)
      .set(kate.headers)
      .buffer(true)
      .parse(binary)
      .expect(200);
    const entries = await readZip(response.body as Buffer);
    expect([...entries.keys()].sort()).toEqual(
      [`2019-06-03 Toast (${k3.id}).jpg`, `2020-05-05 Leo's garden (${l1.id}).jpg`, 'skipped.txt'].sort(),
    );
    const twice = await api()
      .get(`/api/media/download?ids=${k3.id}&ids=${l1.id}`)
      .set(kate.headers)
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect((await readZip(twice.body as Buffer)).size).toBe(2);
    const empty = await api().get('/api/media/download?ids=').set(kate.headers);
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Choose at least one item.');
    const bad = await api().get('/api/media/download?ids=1,x').set(kate.headers);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('ids must be a list of media item ids');
  });

  it('treats an item in the trash as not found: no album, no tag, no download', async () => {
    const trashed = await photo(kate, 'Blurred', '2019-06-05');
    await api().delete(`/api/media/${trashed.id}`).set(kate.headers).expect(204);
    const added = await bulk(kate, { action: 'addToAlbum', albumId: wedding, ids: [trashed.id] }).expect(200);
    expect(added.body).toEqual({ done: [], skipped: [{ id: trashed.id, reason: 'not found' }] });
    const tagged = await bulk(kate, { action: 'tag', userId: mia.id, ids: [trashed.id] }).expect(200);
    expect(tagged.body).toEqual({ done: [], skipped: [{ id: trashed.id, reason: 'not found' }] });
    const deleted = await bulk(kate, { action: 'delete', ids: [trashed.id] }).expect(200);
    expect(deleted.body).toEqual({ done: [], skipped: [{ id: trashed.id, reason: 'not found' }] });
    const download = await api()
      .get(`/api/media/download?ids=${trashed.id},${k3.id}`)
      .set(kate.headers)
      .buffer(true)
      .parse(binary)
      .expect(200);
    const entries = await readZip(download.body as Buffer);
    expect([...entries.keys()].sort()).toEqual([`2019-06-03 Toast (${k3.id}).jpg`, 'skipped.txt'].sort());
    expect(entries.get('skipped.txt')!.data.toString('utf8')).toBe(
      `Left out of this download:\n${trashed.id}: not found\n`,
    );
    const trash = (await api().get('/api/trash').set(kate.headers).expect(200)).body as TrashPage;
    expect(trash.items.find((entry) => entry.item.id === trashed.id)?.item.albumId).toBeNull();
    await api().post(`/api/trash/${trashed.id}/restore`).set(kate.headers).expect(200);
    expect((await api().get(`/api/media/${trashed.id}`).set(kate.headers).expect(200)).body.tags).toEqual([]);
  });

  it('moves what the member may delete to the trash through the single delete, and reports the rest', async () => {
    const second = await photo(kate, 'Second album photo', '2019-06-04');
    const [{ key }] = (await stack.db.query(`SELECT object_key AS key FROM media_items WHERE id = $1`, [
      k2.id,
    ])) as Array<{
      key: string;
    }>;
    expect(await stack.storage.stat(key)).not.toBeNull();
    const response = await bulk(kate, { action: 'delete', ids: [k2.id, l1.id, l2.id, second.id] }).expect(200);
    expect(response.body).toEqual({
      done: [k2.id, second.id],
      skipped: [
        { id: l1.id, reason: 'Only the uploader or the album creator can delete this item' },
        { id: l2.id, reason: 'not found' },
      ],
    });
    await api().get(`/api/media/${k2.id}`).set(kate.headers).expect(404);
    await api().get(`/api/media/${l1.id}`).set(kate.headers).expect(200);
    await api().get(`/api/media/${l2.id}`).set(leo.headers).expect(200);
    // In the trash, as after a single Delete: the file stays until the trash is emptied.
    expect(await stack.storage.stat(key)).not.toBeNull();
    const trash = (await api().get('/api/trash').set(kate.headers).expect(200)).body as TrashPage;
    expect(trash.items.map((entry) => entry.item.id).sort()).toEqual([k2.id, second.id].sort());
    await api().delete('/api/trash').set(kate.headers).expect(204);
    expect(await stack.storage.stat(key)).toBeNull();
  });
});
