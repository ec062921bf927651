import request from 'supertest';
import { asService } from '@family/shared/testing';
import { AlbumItemsRepository } from '../src/repositories/album-items.repository';
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

describe('media internal routes (for the auth and albums services)', () => {
  let stack: MediaStack;
  let gwen: Person;
  let hank: Person;
  const albums = asService('albums');

  beforeAll(async () => {
    // A database of its own: the album previews' generation must not move with other spec files' leftovers.
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
      .post('/internal/albums/summaries')
      .set(asService('albums', 'another-secret-of-enough-length'))
      .send({ albumIds: [1] })
      .expect(403);
    await internal().post('/internal/albums/1/detach').expect(403);
  });

  describe('albums that go away', () => {
    it("detaches a deleted album's items: they stay, visible to everyone again", async () => {
      const a = await photo(gwen, 'Album item one');
      const b = await photo(gwen, 'Album item two');
      for (const item of [a, b]) {
        await putInAlbum(item, 39);
      }
      await request(stack.media.url).get(`/api/media/${a.id}`).set(hank.headers).expect(404);
      await internal().post('/internal/albums/39/detach').set(albums).expect(204);
      for (const item of [a, b]) {
        expect(
          (await request(stack.media.url).get(`/api/media/${item.id}`).set(hank.headers).expect(200)).body.albumId,
        ).toBeNull();
      }
      await internal().post('/internal/albums/39/detach').set(albums).expect(204);
    });
  });

  it('summarises many albums in one call: counts and the four newest items each', async () => {
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
    // The worker prepares each document, and that changes what a preview shows: the generation settles once all are.
    for (const id of Object.values(made)) await waitPrepared(stack, gwen, id);
    const response = await internal()
      .post('/internal/albums/summaries')
      .set(albums)
      .send({ albumIds: [41, 42, 43, 41] })
      .expect(200);
    const { generation, summaries } = response.body;
    expect(Object.keys(summaries).sort()).toEqual(['41', '42', '43']);
    expect(summaries['41'].itemCount).toBe(5);
    expect(summaries['41'].items.map((i: { title: string }) => i.title)).toEqual(['A5', 'A4', 'A3', 'A2']);
    // A preview is what an album card shows, no more: a document has no thumbnail, so its card shows an icon.
    expect(summaries['41'].items[0]).toEqual({ id: made.A5, type: 'document', title: 'A5', thumbnailUrl: null });
    expect(summaries['42']).toMatchObject({ itemCount: 1, items: [{ title: 'B1' }] });
    expect(summaries['43']).toEqual({ itemCount: 0, items: [] });
    // No albums: the generation alone, the same while nothing changed.
    expect(
      (await internal().post('/internal/albums/summaries').set(albums).send({ albumIds: [] }).expect(200)).body,
    ).toEqual({ generation, summaries: {} });
    // What the caller keeps under the current generation is left out; under an older one, it is answered again.
    const keeping = (keptGeneration: string) =>
      internal()
        .post('/internal/albums/summaries')
        .set(albums)
        .send({ albumIds: [41, 42], keptGeneration, keptAlbumIds: [41] })
        .expect(200);
    expect(Object.keys((await keeping(generation)).body.summaries)).toEqual(['42']);
    expect(Object.keys((await keeping(`${Number(generation) - 1}`)).body.summaries)).toEqual(['41', '42']);
    expect(
      (await internal().post('/internal/albums/summaries').set(albums).send({ albumIds: 'x' }).expect(400)).body
        .message,
    ).toBe('albumIds must be a list of album ids');
    const refused = async (body: object) =>
      (await internal().post('/internal/albums/summaries').set(albums).send(body).expect(400)).body.message;
    expect(await refused({ albumIds: [41], keptGeneration: 7, keptAlbumIds: [41] })).toBe(
      'keptGeneration must be a generation number',
    );
    expect(await refused({ albumIds: [41], keptGeneration: generation, keptAlbumIds: ['x'] })).toBe(
      'keptAlbumIds must be album ids',
    );
  });

  it('keeps each album’s preview while nothing changes, and shows any change of it on the very next call', async () => {
    const summary = async (albumId: number) =>
      (
        await internal()
          .post('/internal/albums/summaries')
          .set(albums)
          .send({ albumIds: [albumId] })
          .expect(200)
      ).body.summaries[albumId];
    const preview = (item: { id: number }, title: string) => ({
      id: item.id,
      type: 'photo',
      title,
      thumbnailUrl: `/api/media/${item.id}/thumbnail`,
    });
    const boat = await photo(gwen, 'Boat');
    const dock = await photo(gwen, 'Dock');
    for (const item of [boat, dock]) {
      await putInAlbum(item, 51);
      // Prepared, so the worker writes nothing more while the kept preview is looked at.
      await waitPrepared(stack, gwen, item.id);
    }
    expect(await summary(51)).toEqual({ itemCount: 2, items: [preview(dock, 'Dock'), preview(boat, 'Boat')] });

    const read = jest.spyOn(stack.media.app.get(AlbumItemsRepository), 'albumPreviews');
    try {
      await summary(51);
      expect(read).not.toHaveBeenCalled();

      const media = () => request(stack.media.url);
      await media().patch(`/api/media/${dock.id}`).set(gwen.headers).send({ title: 'Jetty' }).expect(200);
      expect((await summary(51)).items[0]).toEqual(preview(dock, 'Jetty'));
      await media().delete(`/api/media/${dock.id}`).set(gwen.headers).expect(204);
      expect(await summary(51)).toEqual({ itemCount: 1, items: [preview(boat, 'Boat')] });
      await media().post(`/api/trash/${dock.id}/restore`).set(gwen.headers).expect(200);
      expect((await summary(51)).itemCount).toBe(2);
      // Any write path is seen, even one straight to the database: the worker giving up on an item, say.
      await stack.db.query(`UPDATE media_items SET processing = 'failed', processing_error = 'Broken' WHERE id = $1`, [
        boat.id,
      ]);
      expect((await summary(51)).items[1]).toEqual({ ...preview(boat, 'Boat'), thumbnailUrl: null });
      // Taken out by its uploader, through media's album route (albums would not know album 51: it is only here).
      expect(await stack.media.app.get(AlbumItemsRepository).detachFromAlbum(boat.id, 51)).toBe(true);
      expect(await summary(51)).toEqual({ itemCount: 1, items: [preview(dock, 'Jetty')] });
      expect(read).toHaveBeenCalledTimes(5);
    } finally {
      read.mockRestore();
    }
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
