import request from 'supertest';
import { ALBUM_DETACH } from '@family/contract';
import { ALBUM_PREVIEWS_TABLE } from '@family/shared/nest';
import { asService } from '@family/shared/testing';
import { AlbumItemsRepository } from '../src/repositories/album-items.repository';
import { MediaWorkerQueue } from '../src/worker/worker-queue';
import {
  addPerson,
  jpegWithExif,
  type MediaStack,
  pdf,
  type Person,
  png,
  startMediaStack,
  storedKeys,
  upload,
  waitPrepared,
} from './support';

describe('media internal routes (for the auth and family services) and the album preview rows', () => {
  let stack: MediaStack;
  let gwen: Person;
  let hank: Person;

  beforeAll(async () => {
    // A database of its own: the album ids used here exist only in this spec.
    stack = await startMediaStack({ ownDatabase: true });
    gwen = await addPerson(stack, 201, 'gwen', 'Gwen');
    hank = await addPerson(stack, 202, 'hank', 'Hank');
  });

  afterAll(async () => {
    await stack.close();
  });

  const internal = () => request(stack.media.url);
  /** Albums 31 and up exist only here: the items are put in straight, as media's album routes would. */
  const putInAlbum = async (item: { id: number }, albumId: number) => {
    expect(await stack.media.app.get(AlbumItemsRepository).attachToAlbum(item.id, albumId)).toBe(true);
  };
  const photo = async (person: Person, title: string) =>
    (await upload(stack, person, { type: 'photo', title }, { buffer: await png(), filename: 'p.png' }).expect(201))
      .body;

  it('refuses people and forged tokens on internal routes', async () => {
    await internal().delete('/internal/users/1').set(gwen.headers).expect(403);
    await internal()
      .get('/internal/users/1/tag-count')
      .set(asService('albums', 'another-secret-of-enough-length'))
      .expect(403);
  });

  /** The preview row media keeps for an album in the table albums reads (none: no items). */
  const preview = async (albumId: number) => {
    const [row] = await stack.db.query(
      `SELECT item_count AS "itemCount", items FROM ${ALBUM_PREVIEWS_TABLE} WHERE album_id = $1`,
      [albumId],
    );
    return row ?? { itemCount: 0, items: [] };
  };

  describe('albums that go away', () => {
    it("detaches a deleted album's items, a job albums queues: they stay, visible to everyone again", async () => {
      const a = await photo(gwen, 'Album item one');
      const b = await photo(gwen, 'Album item two');
      for (const item of [a, b]) {
        await putInAlbum(item, 39);
      }
      await request(stack.media.url).get(`/api/media/${a.id}`).set(hank.headers).expect(404);
      const queue = stack.worker!.get(MediaWorkerQueue).open;
      await queue.send(ALBUM_DETACH.name, { albumId: 39 }, 'album-39');
      const until = Date.now() + 20_000;
      while ((await request(stack.media.url).get(`/api/media/${a.id}`).set(hank.headers)).status !== 200) {
        if (Date.now() > until) throw new Error('The album was not detached within 20 s');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      for (const item of [a, b]) {
        expect(
          (await request(stack.media.url).get(`/api/media/${item.id}`).set(hank.headers).expect(200)).body.albumId,
        ).toBeNull();
      }
      expect(await preview(39)).toEqual({ itemCount: 0, items: [] });
    });
  });

  it("keeps each album's preview row: its count and four newest items, as a card shows them", async () => {
    const made: Record<string, number> = {};
    for (const [title, date, albumId] of [
      ['A1', '2001-01-01', 41],
      ['A2', '2002-01-01', 41],
      ['A3', '2003-01-01', 41],
      ['A4', '2004-01-01', 41],
      ['A5', '2005-01-01', 41],
      ['B1', '1999-05-05', 42],
    ] as const) {
      const item = (
        await upload(
          stack,
          gwen,
          { type: 'document', title, mediaDate: date },
          { buffer: pdf(title), filename: 'd.pdf' },
        ).expect(201)
      ).body;
      await putInAlbum(item, albumId);
      made[title] = item.id;
    }
    for (const id of Object.values(made)) await waitPrepared(stack, gwen, id);
    const first = await preview(41);
    expect(first.itemCount).toBe(5);
    expect(first.items.map((i: { title: string }) => i.title)).toEqual(['A5', 'A4', 'A3', 'A2']);
    // A preview is what an album card shows, no more: a document has no thumbnail, so its card shows an icon.
    expect(first.items[0]).toEqual({ id: made.A5, type: 'document', title: 'A5', thumbnailUrl: null });
    expect(await preview(42)).toMatchObject({ itemCount: 1, items: [{ title: 'B1' }] });
    expect(await preview(43)).toEqual({ itemCount: 0, items: [] });
  });

  it('shows any change of an album’s items in its preview row at once, whatever wrote it', async () => {
    const shown = (item: { id: number }, title: string) => ({
      id: item.id,
      type: 'photo',
      title,
      thumbnailUrl: `/api/media/${item.id}/thumbnail`,
    });
    const boat = await photo(gwen, 'Boat');
    const dock = await photo(gwen, 'Dock');
    for (const item of [boat, dock]) {
      await putInAlbum(item, 51);
      await waitPrepared(stack, gwen, item.id);
    }
    expect(await preview(51)).toEqual({ itemCount: 2, items: [shown(dock, 'Dock'), shown(boat, 'Boat')] });

    const media = () => request(stack.media.url);
    await media().patch(`/api/media/${dock.id}`).set(gwen.headers).send({ title: 'Jetty' }).expect(200);
    expect((await preview(51)).items[0]).toEqual(shown(dock, 'Jetty'));
    await media().delete(`/api/media/${dock.id}`).set(gwen.headers).expect(204);
    expect(await preview(51)).toEqual({ itemCount: 1, items: [shown(boat, 'Boat')] });
    await media().post(`/api/trash/${dock.id}/restore`).set(gwen.headers).expect(200);
    expect((await preview(51)).itemCount).toBe(2);
    // Any write path is seen, even one straight to the database: the worker giving up on an item, say.
    await stack.db.query(`UPDATE media_items SET processing = 'failed', processing_error = 'Broken' WHERE id = $1`, [
      boat.id,
    ]);
    expect((await preview(51)).items[1]).toEqual({ ...shown(boat, 'Boat'), thumbnailUrl: null });
    // Taken out by its uploader, through media's album route (albums would not know album 51: it is only here).
    expect(await stack.media.app.get(AlbumItemsRepository).detachFromAlbum(boat.id, 51)).toBe(true);
    expect(await preview(51)).toEqual({ itemCount: 1, items: [shown(dock, 'Jetty')] });
    // Moved to another album in one statement: both rows change.
    await stack.db.query(`UPDATE media_items SET album_id = 52 WHERE id = $1`, [dock.id]);
    expect(await preview(51)).toEqual({ itemCount: 0, items: [] });
    expect(await preview(52)).toEqual({ itemCount: 1, items: [shown(dock, 'Jetty')] });
  });

  it("purges a person's uploads with files and thumbnails, and their tags, in batches and idempotently", async () => {
    const jack = await addPerson(stack, 204, 'jack', 'Jack');
    const own = [] as Array<{ id: number; thumbnailUrl: string | null }>;
    own.push(
      (
        await upload(
          stack,
          jack,
          { type: 'photo', title: 'Jack photo' },
          { buffer: await jpegWithExif(null), filename: 'j.jpg' },
        ).expect(201)
      ).body,
    );
    own.push(
      (
        await upload(stack, jack, { type: 'document', title: 'Jack doc' }, { buffer: pdf(), filename: 'j.pdf' }).expect(
          201,
        )
      ).body,
    );
    own.push((await upload(stack, jack, { type: 'post', title: 'Jack post', content: 'Hi' }).expect(201)).body);
    own[0] = await waitPrepared(stack, jack, own[0].id);
    await request(stack.media.url).get(own[0].thumbnailUrl!).set(jack.headers).expect(200);
    // Many more, without files, so the purge walks through several batches.
    await stack.db.query(
      `INSERT INTO media.media_items (user_id, type, title, media_date) SELECT $1, 'post', 'Bulk ' || g, date '2000-01-01' FROM generate_series(1, 450) g`,
      [jack.id],
    );
    const others = await photo(hank, 'Hank with Jack');
    await request(stack.media.url)
      .post(`/api/media/${others.id}/tags`)
      .set(hank.headers)
      .send({ userId: jack.id })
      .expect(201);
    await request(stack.media.url)
      .post(`/api/media/${own[1].id}/tags`)
      .set(jack.headers)
      .send({ userId: hank.id })
      .expect(201);

    const keysOf = async () =>
      (
        await stack.db.query(`SELECT object_key FROM media.media_items WHERE user_id = $1 AND object_key IS NOT NULL`, [
          jack.id,
        ])
      ).map((row: { object_key: string }) => row.object_key);
    const jackKeys = [...(await keysOf()), `derived/${own[0].id}/thumbnail.webp`, `derived/${own[0].id}/preview.webp`];
    expect(jackKeys).toHaveLength(4);
    for (const key of jackKeys) expect(await storedKeys(stack)).toContain(key);

    await internal().delete(`/internal/users/${jack.id}`).set(asService('auth')).expect(204);

    expect(await stack.db.query(`SELECT id FROM media.media_items WHERE user_id = $1`, [jack.id])).toEqual([]);
    expect(await stack.db.query(`SELECT * FROM media.media_tags WHERE user_id = $1`, [jack.id])).toEqual([]);
    const remaining = await storedKeys(stack);
    for (const key of jackKeys) expect(remaining).not.toContain(key);
    // Nothing of anyone else's is lost.
    const hanks = await request(stack.media.url).get(`/api/media/${others.id}`).set(hank.headers).expect(200);
    expect(hanks.body.tags).toEqual([]);
    await request(stack.media.url).get(`/api/media/${others.id}/file`).set(hank.headers).expect(200);

    await internal().delete(`/internal/users/${jack.id}`).set(asService('auth')).expect(204);
  });
});
