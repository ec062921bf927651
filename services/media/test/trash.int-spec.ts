import request from 'supertest';
import type { Album, MediaItem, TrashPage } from '@family/contract';
import { DEFAULT_TRASH_DAYS } from '@family/contract';
import { asService } from '@family/shared/testing';
import { TrashExpiry } from '../src/worker/trash-expiry';
import {
  addPerson,
  type MediaStack,
  type Person,
  png,
  startMediaStack,
  storedKeys,
  upload,
  waitPrepared,
} from './support';

const NOT_FOUND = "This media item doesn't exist or you don't have permission to view it.";
const NOT_IN_TRASH = 'This item is not in your trash.';
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The trash (docs/product.md "Trash"), with the real albums and profile services and the media worker:
 *   Ann made "Picnic" (shared with the family); Ben uploads into it and Ann, its creator, may delete his items.
 *   Cal is a bystander who sees everything in the album and nothing in anybody's trash.
 */
describe('trash (real Postgres, real albums service, real files)', () => {
  let stack: MediaStack;
  let ann: Person;
  let ben: Person;
  let cal: Person;
  let picnic: number;

  const media = () => request(stack.media.url);
  const get = (person: Person, url: string) => media().get(url).set(person.headers);

  /** A prepared photo of `person` in `albumId`, with `tagged` tagged in it. */
  const photo = async (person: Person, title: string, albumId?: number, tagged: Person[] = []): Promise<MediaItem> => {
    const fields: Record<string, string> = { type: 'photo', title };
    if (albumId !== undefined) fields.albumId = String(albumId);
    const created = (await upload(stack, person, fields, { buffer: await png(), filename: 'p.png' }).expect(201))
      .body as MediaItem;
    for (const someone of tagged) {
      await media().post(`/api/media/${created.id}/tags`).set(person.headers).send({ userId: someone.id }).expect(201);
    }
    return waitPrepared(stack, person, created.id);
  };

  const keysOf = async (item: MediaItem): Promise<string[]> => {
    const [row] = await stack.db.query(`SELECT object_key FROM media.media_items WHERE id = $1`, [item.id]);
    const keys = await storedKeys(stack);
    return keys.filter((key) => key === row?.object_key || key.startsWith(`derived/${item.id}/`));
  };

  const trashIds = async (person: Person, query = ''): Promise<number[]> =>
    ((await get(person, `/api/trash${query}`).expect(200)).body as TrashPage).items.map((entry) => entry.item.id);

  const albumOf = async (person: Person, albumId: number): Promise<Album> =>
    (await request(stack.albums.url).get(`/api/albums/${albumId}`).set(person.headers).expect(200)).body as Album;

  beforeAll(async () => {
    stack = await startMediaStack({ ownDatabase: true });
    ann = await addPerson(stack, 1201, 'ann', 'Ann');
    ben = await addPerson(stack, 1202, 'ben', 'Ben');
    cal = await addPerson(stack, 503, 'cal', 'Cal');
    picnic = (
      await request(stack.albums.url)
        .post('/api/albums')
        .set(ann.headers)
        .send({ name: 'Picnic', description: null, isShared: true })
        .expect(201)
    ).body.id;
    await request(stack.albums.url)
      .post(`/api/albums/${picnic}/members`)
      .set(ann.headers)
      .send({ userId: ben.id, canEdit: true })
      .expect(201);
  });

  afterAll(async () => {
    await stack.close();
  });

  it('hides a deleted item everywhere: item, lists, album, tags, files, internal calls; its files stay', async () => {
    const item = await photo(ben, 'Sandwiches', picnic, [cal]);
    const files = await keysOf(item);
    expect(files.length).toBeGreaterThanOrEqual(3); // the original, its thumbnail and preview
    expect((await albumOf(cal, picnic)).itemCount).toBe(1);

    await media().delete(`/api/media/${item.id}`).set(ben.headers).expect(204);

    for (const person of [ann, ben, cal]) {
      const response = await get(person, `/api/media/${item.id}`).expect(404);
      expect(response.body.message).toBe(NOT_FOUND);
      for (const file of ['file', 'thumbnail', 'preview', 'playback', 'tags']) {
        await get(person, `/api/media/${item.id}/${file}`).expect(404);
      }
      const lists = [
        '/api/media',
        `/api/media?albumId=${picnic}`,
        `/api/media?userId=${ben.id}&uploaded=true`,
        `/api/media/tagged?userId=${cal.id}`,
        '/api/media?q=Sandwiches',
      ];
      for (const list of lists) {
        const ids = (await get(person, list).expect(200)).body.items.map((entry: MediaItem) => entry.id);
        expect(ids).not.toContain(item.id);
      }
    }
    await media().patch(`/api/media/${item.id}`).set(ben.headers).send({ title: 'Again' }).expect(404);
    await media().delete(`/api/media/${item.id}`).set(ben.headers).expect(404);
    await media().post(`/api/media/${item.id}/tags`).set(ben.headers).send({ userId: ann.id }).expect(404);
    await media().post(`/api/media/${item.id}/reprocess`).set(ben.headers).expect(404);

    // The album's count and preview, and the calls of the other services, leave it out.
    const album = await albumOf(cal, picnic);
    expect(album.itemCount).toBe(0);
    expect(album.mediaItems).toEqual([]);
    const tagged = await media()
      .get(`/internal/media/tagged?after=0&limit=100&askedBy=${ann.id}`)
      .set(asService('family'))
      .expect(200);
    expect(tagged.body.items.map((entry: { id: number }) => entry.id)).not.toContain(item.id);
    const count = await media().get(`/internal/users/${cal.id}/tag-count`).set(asService('profile')).expect(200);
    expect(count.body).toEqual({ count: 0 });
    await request(stack.albums.url).delete(`/api/albums/${picnic}/media/${item.id}`).set(ann.headers).expect(404);

    // Nothing is lost yet: the files are all there for a restore.
    expect(await keysOf(item)).toEqual(files);
  });

  it('lists the trash of the uploader and of whoever deleted it, newest deletion first, page by page', async () => {
    const first = await photo(ben, 'Blanket', picnic);
    const second = await photo(ben, 'Lemonade', picnic);
    const own = await photo(ann, "Ann's hat");
    await media().delete(`/api/media/${first.id}`).set(ann.headers).expect(204); // the album's creator
    await media().delete(`/api/media/${own.id}`).set(ann.headers).expect(204);
    await media().delete(`/api/media/${second.id}`).set(ben.headers).expect(204);

    const annTrash = (await get(ann, '/api/trash').expect(200)).body as TrashPage;
    // Ann deleted Blanket and her hat; Lemonade is Ben's and Ben deleted it.
    expect(annTrash.items.map((entry) => entry.item.id)).toEqual([own.id, first.id]);
    expect(annTrash.nextCursor).toBeNull();
    const [hat] = annTrash.items;
    expect(hat.item).toMatchObject({ id: own.id, title: "Ann's hat", url: null, previewUrl: null });
    expect(hat.item.thumbnailUrl).toBe(`/api/trash/${own.id}/thumbnail`);
    expect(new Date(hat.purgeAt).getTime() - new Date(hat.deletedAt).getTime()).toBe(DEFAULT_TRASH_DAYS * DAY_MS);

    // Ben sees all his uploads, whoever deleted them; his own deletion is the newest.
    const benIds = await trashIds(ben);
    expect(benIds.slice(0, 2)).toEqual([second.id, first.id]);
    expect(benIds).not.toContain(own.id);

    // Keyset pages of one item each give the same list.
    const paged: number[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?limit=1${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await get(ben, `/api/trash${query}`).expect(200)).body as TrashPage;
      expect(page.items.length).toBeLessThanOrEqual(1);
      paged.push(...page.items.map((entry) => entry.item.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(paged).toEqual(benIds);

    // The card's thumbnail, to those whose trash holds it.
    const thumbnail = await get(ann, `/api/trash/${own.id}/thumbnail`).expect(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');

    // Cal sees nothing of anyone's trash, and may do nothing with it.
    expect(await trashIds(cal)).toEqual([]);
    for (const id of [first.id, own.id]) {
      expect((await media().post(`/api/trash/${id}/restore`).set(cal.headers).expect(404)).body.message).toBe(
        NOT_IN_TRASH,
      );
      await media().delete(`/api/trash/${id}`).set(cal.headers).expect(404);
      await get(cal, `/api/trash/${id}/thumbnail`).expect(404);
    }
    // Ben did not upload Ann's hat nor delete it.
    await media().post(`/api/trash/${own.id}/restore`).set(ben.headers).expect(404);
  });

  it('restores an item with its album and tags, visible again to everyone who saw it', async () => {
    const item = await photo(ben, 'Cake', picnic, [cal, ann]);
    await media().delete(`/api/media/${item.id}`).set(ann.headers).expect(204);
    expect((await albumOf(cal, picnic)).mediaItems.map((entry) => entry.id)).not.toContain(item.id);

    const restored = await media().post(`/api/trash/${item.id}/restore`).set(ann.headers).expect(200);
    expect(restored.body).toMatchObject({ id: item.id, albumId: picnic, url: `/api/media/${item.id}/file` });
    expect(restored.body.tags.map((tag: { userId: number }) => tag.userId)).toEqual([cal.id, ann.id]);

    const seen = await get(cal, `/api/media/${item.id}`).expect(200);
    expect(seen.body).toMatchObject({ albumId: picnic, title: 'Cake' });
    const tagged = (await get(cal, '/api/media/tagged').expect(200)).body.items.map((entry: MediaItem) => entry.id);
    expect(tagged).toContain(item.id);
    expect((await albumOf(cal, picnic)).mediaItems.map((entry) => entry.id)).toContain(item.id);
    await get(cal, `/api/media/${item.id}/thumbnail`).expect(200);
    expect(await trashIds(ann)).not.toContain(item.id);
    expect(await trashIds(ben)).not.toContain(item.id);
    // Restoring twice: it is no longer in the trash.
    await media().post(`/api/trash/${item.id}/restore`).set(ann.headers).expect(404);
  });

  it('restores an item whose album was deleted meanwhile into no album', async () => {
    const outing = (
      await request(stack.albums.url)
        .post('/api/albums')
        .set(ben.headers)
        .send({ name: 'Outing', description: null, isShared: false })
        .expect(201)
    ).body.id as number;
    const item = await photo(ben, 'Boat', outing);
    await media().delete(`/api/media/${item.id}`).set(ben.headers).expect(204);
    await request(stack.albums.url).delete(`/api/albums/${outing}`).set(ben.headers).expect(200);
    const restored = await media().post(`/api/trash/${item.id}/restore`).set(ben.headers).expect(200);
    expect(restored.body.albumId).toBeNull();
  });

  it('deletes for good with every file, one item or the whole trash, for the uploader or the deleter only', async () => {
    const one = await photo(ben, 'Crumbs', picnic);
    const two = await photo(ann, 'Napkin');
    const three = await photo(ben, 'Ants', picnic);
    const files = [...(await keysOf(one)), ...(await keysOf(two)), ...(await keysOf(three))];
    for (const item of [one, three]) await media().delete(`/api/media/${item.id}`).set(ann.headers).expect(204);
    await media().delete(`/api/media/${two.id}`).set(ann.headers).expect(204);

    await media().delete(`/api/trash/${one.id}`).set(ben.headers).expect(204);
    expect(await keysOf(one)).toEqual([]);
    expect(await stack.db.query(`SELECT id FROM media.media_items WHERE id = $1`, [one.id])).toEqual([]);
    expect(await stack.db.query(`SELECT * FROM media.media_tags WHERE media_id = $1`, [one.id])).toEqual([]);
    await media().delete(`/api/trash/${one.id}`).set(ben.headers).expect(404);

    // Ann empties her trash: what she deleted (Ben's Ants too) and what she uploaded go, with their files.
    const before = await trashIds(ann);
    expect(before).toEqual(expect.arrayContaining([two.id, three.id]));
    await media().delete('/api/trash').set(ann.headers).expect(204);
    expect(await trashIds(ann)).toEqual([]);
    expect(await trashIds(ben)).not.toContain(three.id);
    const left = await storedKeys(stack);
    expect(files.filter((key) => left.includes(key))).toEqual([]);
    // Emptying an empty trash is fine.
    await media().delete('/api/trash').set(ann.headers).expect(204);
  });

  it(`purges what has been in the trash longer than TRASH_DAYS (${DEFAULT_TRASH_DAYS}), with every file`, async () => {
    const old = await photo(ben, 'Last summer');
    const recent = await photo(ben, 'Last week');
    const oldFiles = await keysOf(old);
    for (const item of [old, recent]) await media().delete(`/api/media/${item.id}`).set(ben.headers).expect(204);
    // Time moves on: one went to the trash a day more than TRASH_DAYS ago, the other a day less.
    await stack.db.query(`UPDATE media.media_items SET deleted_at = now() - make_interval(days => $2) WHERE id = $1`, [
      old.id,
      DEFAULT_TRASH_DAYS + 1,
    ]);
    await stack.db.query(`UPDATE media.media_items SET deleted_at = now() - make_interval(days => $2) WHERE id = $1`, [
      recent.id,
      DEFAULT_TRASH_DAYS - 1,
    ]);

    const purged = await stack.worker!.get(TrashExpiry).sweep();
    expect(purged).toBe(1);
    expect(oldFiles.length).toBeGreaterThanOrEqual(3);
    const left = await storedKeys(stack);
    expect(oldFiles.filter((key) => left.includes(key))).toEqual([]);
    const ids = await trashIds(ben);
    expect(ids).toContain(recent.id);
    expect(ids).not.toContain(old.id);
    await media().post(`/api/trash/${old.id}/restore`).set(ben.headers).expect(404);
    expect(await keysOf(recent)).not.toEqual([]);
  });

  it('purges the trashed uploads of a deleted account at once, with their files', async () => {
    const dot = await addPerson(stack, 504, 'dot', 'Dot');
    const kept = await photo(dot, 'Kept');
    const trashed = await photo(dot, 'Trashed');
    const files = [...(await keysOf(kept)), ...(await keysOf(trashed))];
    await media().delete(`/api/media/${trashed.id}`).set(dot.headers).expect(204);
    await media().delete(`/internal/users/${dot.id}`).set(asService('auth')).expect(204);
    expect(
      await stack.db.query(`SELECT id FROM media.media_items WHERE id = ANY($1::int[])`, [[kept.id, trashed.id]]),
    ).toEqual([]);
    const left = await storedKeys(stack);
    expect(files.filter((key) => left.includes(key))).toEqual([]);
  });

  it('says so when the same file is uploaded again while it is in the trash', async () => {
    const bytes = await png();
    const first = (await upload(stack, ann, { type: 'photo', title: 'Twice' }, { buffer: bytes, filename: 'a.png' }))
      .body as MediaItem;
    await media().delete(`/api/media/${first.id}`).set(ann.headers).expect(204);
    const again = await upload(stack, ann, { type: 'photo', title: 'Twice' }, { buffer: bytes, filename: 'a.png' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      message: 'You already uploaded this file, and it is in the trash: restore it from there.',
      id: first.id,
    });
  });

  it('refuses a cursor or a limit that makes no sense with a sentence', async () => {
    const bad = await get(ann, '/api/trash?cursor=nonsense').expect(400);
    expect(bad.body.message).toBe('The page cursor is not valid. Load the list again from the start.');
    expect((await get(ann, '/api/trash?limit=0').expect(400)).body.message).toBe('limit must be at least 1');
    expect((await get(ann, '/api/trash?limit=x').expect(400)).body.message).toBe('limit must be a whole number');
    await media().post('/api/trash/abc/restore').set(ann.headers).expect(400);
    await media().get('/api/trash').expect(401);
  });

  it('keeps every list on its keyset index however full the trash is (EXPLAIN)', async () => {
    // 20,000 items, a quarter of them in the trash, in a scratch table of the same shape and indexes.
    await stack.db.query(`CREATE TABLE media.explain_items (LIKE media.media_items INCLUDING ALL)`);
    try {
      await stack.db.query(
        `INSERT INTO media.explain_items (id, user_id, type, title, media_date, album_id, deleted_at, deleted_by)
         SELECT g, 1 + g % 50, (ARRAY['photo','video','audio','document','post'])[1 + g % 5], 'Item ' || g,
                date '1990-01-01' + g % 9000, CASE WHEN g % 3 = 0 THEN 1 + g % 200 END,
                CASE WHEN g % 4 = 0 THEN now() - make_interval(secs => g) END, CASE WHEN g % 4 = 0 THEN 1 + g % 50 END
           FROM generate_series(1, 20000) g`,
      );
      await stack.db.query(`ANALYZE media.explain_items`);
      const plan = async (where: string) =>
        (
          (await stack.db.query(
            `EXPLAIN SELECT * FROM media.explain_items m WHERE m.deleted_at IS NULL AND ${where}
              AND (m.media_date, m.id) < ('2010-01-01'::date, 100000) ORDER BY m.media_date DESC, m.id DESC LIMIT 61`,
          )) as Array<{ 'QUERY PLAN': string }>
        )
          .map((row) => row['QUERY PLAN'])
          .join('\n');
      // Each list reads its own partial index (a small album may be read as a bitmap and sorted), never the table.
      const uses = async (where: string, index: string) => {
        const text = await plan(where);
        expect(text).toContain(`explain_items_${index}_idx`);
        expect(text).not.toContain('Seq Scan');
      };
      await uses('true', 'media_date_id');
      expect(await plan('true')).not.toContain('Sort');
      await uses('m.user_id = 7', 'user_id_media_date_id');
      await uses('m.album_id = 9', 'album_id_media_date_id');
      await uses("m.type = 'video'", 'type_media_date_id');
    } finally {
      await stack.db.query(`DROP TABLE media.explain_items`);
    }
  });
});
