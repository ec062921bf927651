import request from 'supertest';
import { DataSource } from 'typeorm';
import { InternalClient, loadConfig } from '@family/shared';
import { asService, startTestApp, testEnv } from '@family/shared/testing';
import { ChangeAnnouncements } from '@family/shared/nest';
import { AppModule } from '../src/app.module';
import { MediaConfig } from '../src/config';
import { addPerson, type MediaStack, pdf, type Person, png, startMediaStack, upload } from './support';

/**
 * Media rights through albums, with the real albums service answering media's album-access calls. The family's
 * albums are made through the albums API, as people make them:
 *   the family album: made by Kate; Leo is a member who may edit, Mia a plain member.
 *   the shared album: made by Mia, then shared with the whole family.
 *   the private album: Kate's, nobody else in it.
 */
describe('media rights through albums (real albums service)', () => {
  let stack: MediaStack;
  let kate: Person;
  let leo: Person;
  let mia: Person;
  let ned: Person;
  let familyAlbum: number;
  let sharedAlbum: number;
  let privateAlbum: number;
  let inFamilyAlbum: { id: number };
  let inPrivateAlbum: { id: number };

  const albumsApi = () => request(stack.albums.url);

  const createAlbum = async (person: Person, name: string): Promise<number> => {
    const response = await albumsApi()
      .post('/api/albums')
      .set(person.headers)
      .send({ name, description: `${person.displayName}'s album`, isShared: false })
      .expect(201);
    return (response.body as { id: number }).id;
  };

  const addMember = async (albumId: number, by: Person, member: Person, canEdit: boolean) => {
    const response = await albumsApi()
      .post(`/api/albums/${albumId}/members`)
      .set(by.headers)
      .send({ userId: member.id, canEdit })
      .expect(201);
    expect(response.body.members).toContainEqual(expect.objectContaining({ userId: member.id, canEdit }));
  };

  /** POST /api/albums/{albumId}/media/{mediaId}: media answers it, with the album rights albums gives it. */
  const addToAlbum = (person: Person, albumId: number, mediaId: number) =>
    request(stack.media.url).post(`/api/albums/${albumId}/media/${mediaId}`).set(person.headers);

  beforeAll(async () => {
    stack = await startMediaStack({ ownDatabase: true });
    kate = await addPerson(stack, 301, 'kate', 'Kate');
    leo = await addPerson(stack, 302, 'leo', 'Leo');
    mia = await addPerson(stack, 303, 'mia', 'Mia');
    ned = await addPerson(stack, 304, 'ned', 'Ned');

    familyAlbum = await createAlbum(kate, 'Family reunion');
    await addMember(familyAlbum, kate, leo, true);
    // Mia may edit at first, long enough to put her own photo in; then Kate makes her a plain member.
    await addMember(familyAlbum, kate, mia, true);
    sharedAlbum = await createAlbum(mia, "Mia's garden");
    const shared = await albumsApi()
      .patch(`/api/albums/${sharedAlbum}`)
      .set(mia.headers)
      .send({ isShared: true })
      .expect(200);
    expect(shared.body.isShared).toBe(true);
    privateAlbum = await createAlbum(kate, "Kate's papers");

    inFamilyAlbum = (
      await upload(
        stack,
        mia,
        { type: 'photo', title: 'Family album photo' },
        { buffer: await png(), filename: 'a.png' },
      ).expect(201)
    ).body;
    const added = await addToAlbum(mia, familyAlbum, inFamilyAlbum.id).expect(200);
    expect(added.body.message).toBe('Media added to album successfully');
    await albumsApi().delete(`/api/albums/${familyAlbum}/members/${mia.id}`).set(kate.headers).expect(200);
    await addMember(familyAlbum, kate, mia, false);

    inPrivateAlbum = (
      await upload(
        stack,
        kate,
        { type: 'document', title: 'Private album will', albumId: String(privateAlbum) },
        { buffer: pdf(), filename: 'w.pdf' },
      ).expect(201)
    ).body;
  });

  afterAll(async () => {
    await stack.close();
  });

  const get = (person: Person, url: string) => request(stack.media.url).get(url).set(person.headers);

  it('has the albums service answer the album rights the family made', async () => {
    const accessOf = async (person: Person) =>
      (await albumsApi().get(`/internal/users/${person.id}/album-access`).set(asService('media')).expect(200)).body;
    expect(await accessOf(kate)).toEqual({
      visible: [familyAlbum, sharedAlbum, privateAlbum],
      editable: [familyAlbum, privateAlbum],
      created: [familyAlbum, privateAlbum],
    });
    expect(await accessOf(leo)).toEqual({ visible: [familyAlbum, sharedAlbum], editable: [familyAlbum], created: [] });
    expect(await accessOf(mia)).toEqual({
      visible: [familyAlbum, sharedAlbum],
      editable: [sharedAlbum],
      created: [sharedAlbum],
    });
    expect(await accessOf(ned)).toEqual({ visible: [sharedAlbum], editable: [], created: [] });
  });

  it('shows an album item to whoever sees the album, and to nobody else', async () => {
    for (const person of [kate, leo, mia]) await get(person, `/api/media/${inFamilyAlbum.id}`).expect(200);
    await get(ned, `/api/media/${inFamilyAlbum.id}`).expect(404);
    await get(ned, `/api/media/${inFamilyAlbum.id}/thumbnail`).expect(404);
    await get(kate, `/api/media/${inPrivateAlbum.id}/file`).expect(200);
    for (const person of [leo, mia, ned]) await get(person, `/api/media/${inPrivateAlbum.id}/file`).expect(404);

    const album = (person: Person) => get(person, `/api/media?albumId=${familyAlbum}`).expect(200);
    expect((await album(leo)).body.items.map((i: { id: number }) => i.id)).toEqual([inFamilyAlbum.id]);
    expect((await album(ned)).body.items).toEqual([]);
  });

  it('lets the uploader, the album creator and members who may edit change an item; not plain members', async () => {
    await request(stack.media.url)
      .patch(`/api/media/${inFamilyAlbum.id}`)
      .set(leo.headers)
      .send({ title: 'Edited by Leo' })
      .expect(200);
    await request(stack.media.url)
      .patch(`/api/media/${inFamilyAlbum.id}`)
      .set(kate.headers)
      .send({ title: 'Edited by Kate' })
      .expect(200);
    await request(stack.media.url)
      .patch(`/api/media/${inFamilyAlbum.id}`)
      .set(mia.headers)
      .send({ title: 'Edited by Mia' })
      .expect(200);
    const plainMember = await upload(
      stack,
      kate,
      { type: 'photo', title: 'Kate in the family album', albumId: String(familyAlbum) },
      { buffer: await png(), filename: 'k.png' },
    ).expect(201);
    const refused = await request(stack.media.url)
      .patch(`/api/media/${plainMember.body.id}`)
      .set(mia.headers)
      .send({ title: 'Mia tries' })
      .expect(403);
    expect(refused.body.message).toBe('Only the uploader or an album editor can edit this item');
  });

  it('lets only the uploader or the album creator delete', async () => {
    const kates = await upload(
      stack,
      kate,
      { type: 'photo', title: 'To be deleted', albumId: String(familyAlbum) },
      { buffer: await png(), filename: 'd.png' },
    ).expect(201);
    const refused = await request(stack.media.url).delete(`/api/media/${kates.body.id}`).set(leo.headers).expect(403);
    expect(refused.body.message).toBe('Only the uploader or the album creator can delete this item');
    // Leo, who may edit the family album, puts his own photo into it through the albums service.
    const byLeo = await upload(
      stack,
      leo,
      { type: 'photo', title: 'Leo in the family album' },
      { buffer: await png(), filename: 'l.png' },
    ).expect(201);
    await addToAlbum(leo, familyAlbum, byLeo.body.id).expect(200);
    // Kate made the family album: she may delete what others put in it.
    await request(stack.media.url).delete(`/api/media/${byLeo.body.id}`).set(kate.headers).expect(204);
  });

  it('uploads into an album only for its editors', async () => {
    const ok = await upload(
      stack,
      leo,
      { type: 'photo', title: 'Leo adds', albumId: String(familyAlbum) },
      { buffer: await png(), filename: 'l.png' },
    ).expect(201);
    expect(ok.body.albumId).toBe(familyAlbum);
    const refused = await upload(
      stack,
      mia,
      { type: 'photo', title: 'Mia adds', albumId: String(familyAlbum) },
      { buffer: await png(), filename: 'm.png' },
    ).expect(403);
    expect(refused.body.message).toBe('You can only upload into an album you created or may edit.');
  });

  it('refuses to move an item that is already in an album into another', async () => {
    // Mia may edit both the item (her upload) and her shared album: only the one-album rule stands in the way.
    const moved = await addToAlbum(mia, sharedAlbum, inFamilyAlbum.id).expect(409);
    expect(moved.body.message).toBe('This item is already in an album');
    expect((await get(mia, `/api/media/${inFamilyAlbum.id}`).expect(200)).body.albumId).toBe(familyAlbum);
  });

  it('moves an item between albums with Move to album, with the rights of both albums', async () => {
    const leos = (
      await upload(
        stack,
        leo,
        { type: 'photo', title: 'Leo moves', albumId: String(familyAlbum) },
        { buffer: await png(), filename: 'move.png' },
      ).expect(201)
    ).body as { id: number };
    const move = (person: Person, albumId: unknown, id = leos.id) =>
      request(stack.media.url).put(`/api/media/${id}/album`).set(person.headers).send({ albumId });
    const albumOf = async () => (await get(kate, `/api/media/${leos.id}`).expect(200)).body.albumId;

    // Ned cannot see the item; Mia sees it but may neither edit it nor take it out of the family album.
    expect((await move(ned, sharedAlbum).expect(404)).body.message).toBe(
      "This media item doesn't exist or you don't have permission to view it.",
    );
    expect((await move(mia, sharedAlbum).expect(403)).body.message).toBe(
      'Only the uploader or an editor of its album can move this item to another album',
    );
    // Leo uploaded it, but Kate's private album is not his to see.
    expect((await move(leo, privateAlbum).expect(404)).body.message).toBe('Album not found');
    expect((await move(leo, 'x').expect(400)).body.message).toBe('albumId must be an album id');
    expect(await albumOf()).toBe(familyAlbum);

    // Kate edits the family album and her private one: she moves it in one request.
    expect((await move(kate, privateAlbum).expect(200)).body.albumId).toBe(privateAlbum);
    expect(await albumOf()).toBe(privateAlbum);
    // The uploader may take his item out of an album he cannot see and put it into one he edits.
    expect((await move(leo, familyAlbum).expect(200)).body.albumId).toBe(familyAlbum);
    // Into the album it is in already: nothing changes.
    expect((await move(leo, familyAlbum).expect(200)).body.albumId).toBe(familyAlbum);

    // An item in no album moves as it would be added.
    const loose = (
      await upload(
        stack,
        leo,
        { type: 'photo', title: 'Loose' },
        { buffer: await png(), filename: 'loose.png' },
      ).expect(201)
    ).body as { id: number };
    expect((await move(leo, familyAlbum, loose.id).expect(200)).body.albumId).toBe(familyAlbum);
  });

  it('shows a tagged person an item in an album they cannot see', async () => {
    await request(stack.media.url)
      .post(`/api/media/${inPrivateAlbum.id}/tags`)
      .set(kate.headers)
      .send({ userId: ned.id })
      .expect(201);
    await get(ned, `/api/media/${inPrivateAlbum.id}`).expect(200);
    expect((await get(ned, '/api/media/tagged').expect(200)).body.items.map((i: { id: number }) => i.id)).toEqual([
      inPrivateAlbum.id,
    ]);
  });

  it('lets only those who may edit an item tag someone outside its album, which would show it to them', async () => {
    const leos = (
      await upload(
        stack,
        leo,
        { type: 'photo', title: "Leo's reunion photo", albumId: String(familyAlbum) },
        { buffer: await png(), filename: 'leo.png' },
      ).expect(201)
    ).body as { id: number };
    const tag = (by: Person, whom: Person) =>
      request(stack.media.url).post(`/api/media/${leos.id}/tags`).set(by.headers).send({ userId: whom.id });

    // Mia sees the family album's items but may not edit Leo's; Ned is not in that album.
    const refused = await tag(mia, ned).expect(403);
    expect(refused.body.message).toBe('Only those who may edit this item can show it to someone outside its album');
    await get(ned, `/api/media/${leos.id}`).expect(404);
    // Tagging someone who is in the album shows it to nobody new: anyone who sees it may.
    await tag(mia, kate).expect(201);
    // Leo may edit it, so he may show it to Ned.
    await tag(leo, ned).expect(201);
    await get(ned, `/api/media/${leos.id}`).expect(200);
  });

  it('asks the albums service at most once per request, and not again until albums announces a change', async () => {
    // Counts the media service's real calls to the albums service; they still go through, unchanged.
    const calls = jest.spyOn(stack.media.app.get(InternalClient), 'call');
    const albumAccessAsked = () =>
      calls.mock.calls.flatMap(([target, method, path]) => {
        const match = /^\/internal\/users\/(\d+)\/album-access$/.exec(path);
        return target.name === 'albums' && method === 'GET' && match ? [Number(match[1])] : [];
      });
    // What albums does after any change of an album (docs/architecture.md "Caches").
    const albumsChanged = () => stack.media.app.get(ChangeAnnouncements).raise('album-access');
    try {
      await albumsChanged();
      await get(ned, '/api/media?limit=200').expect(200);
      expect(albumAccessAsked()).toEqual([ned.id]);
      calls.mockClear();
      await get(ned, '/api/media?limit=200').expect(200);
      expect(albumAccessAsked()).toEqual([]);
      await albumsChanged();
      await get(leo, `/api/media/${inFamilyAlbum.id}`).expect(200);
      await request(stack.media.url)
        .patch(`/api/media/${inFamilyAlbum.id}`)
        .set(leo.headers)
        .send({ title: 'Once more' })
        .expect(200);
      expect(albumAccessAsked()).toEqual([leo.id]);
      // Their own item in no album needs no album rights at all.
      calls.mockClear();
      const own = await upload(
        stack,
        ned,
        { type: 'document', title: 'Ned letter' },
        { buffer: pdf(), filename: 'n.pdf' },
      ).expect(201);
      await get(ned, `/api/media/${own.body.id}/file`).expect(200);
      expect(albumAccessAsked()).toEqual([]);
    } finally {
      calls.mockRestore();
    }
  });

  it('lists in one statement that also reads the change numbers, while the album rights it knows are current', async () => {
    const db = stack.media.app.get(DataSource);
    const queries = jest.spyOn(db, 'query');
    const statements = () => queries.mock.calls.map(([sql]) => String(sql));
    const generationReads = () => statements().filter((sql) => sql.includes('FROM change_generations')).length;
    try {
      // Both caches are stale: the list asks albums and profile again.
      await stack.media.app.get(ChangeAnnouncements).raise('album-access');
      await stack.media.app.get(ChangeAnnouncements).raise('people');
      const first = await get(ned, '/api/media?limit=200').expect(200);
      expect(first.body.items.length).toBeGreaterThan(0);
      // Known rights, nothing announced since: the page, its tags and the numbers in one statement.
      queries.mockClear();
      const again = await get(ned, '/api/media?limit=200').expect(200);
      expect(again.body).toEqual(first.body);
      expect(statements()).toHaveLength(1);
      expect(generationReads()).toBe(1);
      // A change of people only: still one statement here (profile is asked for the names again).
      await stack.media.app.get(ChangeAnnouncements).raise('people');
      queries.mockClear();
      expect((await get(ned, '/api/media?limit=200').expect(200)).body).toEqual(first.body);
      expect(statements()).toHaveLength(1);
      // A change of album rights: the page seen under the old rights is dropped, the rights and the page read again.
      await stack.media.app.get(ChangeAnnouncements).raise('album-access');
      queries.mockClear();
      expect((await get(ned, '/api/media?limit=200').expect(200)).body).toEqual(first.body);
      expect(statements()).toHaveLength(3);
      expect(generationReads()).toBe(3);
    } finally {
      queries.mockRestore();
    }
  });

  it('hides an album item from a removed member on their very next list, though their old rights were kept', async () => {
    const titles = async (person: Person) =>
      ((await get(person, '/api/media?limit=200').expect(200)).body.items as Array<{ title: string }>).map(
        (item) => item.title,
      );
    const family = await createAlbum(kate, 'Cousins');
    await addMember(family, kate, ned, false);
    const photo = await upload(
      stack,
      kate,
      { type: 'document', title: 'Cousins letter', albumId: String(family) },
      { buffer: pdf(), filename: 'c.pdf' },
    ).expect(201);
    // Twice: the second list uses the rights kept from the first.
    expect(await titles(ned)).toContain('Cousins letter');
    expect(await titles(ned)).toContain('Cousins letter');
    await albumsApi().delete(`/api/albums/${family}/members/${ned.id}`).set(kate.headers).expect(200);
    expect(await titles(ned)).not.toContain('Cousins letter');
    await get(ned, `/api/media/${photo.body.id}`).expect(404);
  });

  it('answers 503 with a sentence when the albums service is down', async () => {
    const media = await startTestApp(
      AppModule.register(
        loadConfig(
          MediaConfig,
          testEnv({ PROFILE_URL: stack.profile.url, ALBUMS_URL: 'http://127.0.0.1:9', STORAGE_DIR: stack.storageDir }),
        ),
      ),
    );
    try {
      const response = await request(media.url).get('/api/media').set(ned.headers).expect(503);
      expect(response.body.message).toBe('The albums service is unavailable. Try again shortly.');
    } finally {
      await media.app.close();
    }
  });
});
