import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { loadConfig } from '@family/shared';
import { asService, startTestApp, testEnv } from '@family/shared/testing';
import { AppModule } from '../src/app.module';
import { MediaConfig } from '../src/config';
import type { AlbumAccess } from '../src/services/album-access.client';
import { addPerson, type MediaStack, pdf, type Person, png, startMediaStack, upload } from './support';

/**
 * Album rights as the albums service will answer them once albums exist. The real albums service answers
 * empty lists until the albums issue lands, so this stand-in speaks the same internal route with a fixed table:
 *   album 51: made by Kate; Leo is a member who may edit, Mia a plain member.
 *   album 52: made by Mia, shared with the whole family.
 *   album 53: Kate's private album.
 */
const ACCESS: Record<number, AlbumAccess> = {
  301: { visible: [51, 52, 53], editable: [51, 53], created: [51, 53] }, // Kate
  302: { visible: [51, 52], editable: [51], created: [] }, // Leo
  303: { visible: [51, 52], editable: [52], created: [52] }, // Mia
  304: { visible: [52], editable: [], created: [] }, // Ned, in no album
};

function startAlbumAccessStandIn(): Promise<{ url: string; calls: string[]; server: Server }> {
  const calls: string[] = [];
  const server = createServer((req, res) => {
    const match = /^\/internal\/users\/(\d+)\/album-access$/.exec(req.url ?? '');
    if (req.method !== 'GET' || !match || !req.headers['x-service-token']) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found"}');
      return;
    }
    calls.push(match[1]);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(ACCESS[Number(match[1])] ?? { visible: [52], editable: [], created: [] }));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls, server }),
    ),
  );
}

describe('media rights through albums (album access as the albums service answers it)', () => {
  let standIn: Awaited<ReturnType<typeof startAlbumAccessStandIn>>;
  let stack: MediaStack;
  let kate: Person;
  let leo: Person;
  let mia: Person;
  let ned: Person;
  let inFamilyAlbum: { id: number };
  let inPrivateAlbum: { id: number };

  beforeAll(async () => {
    standIn = await startAlbumAccessStandIn();
    stack = await startMediaStack({ albumsUrl: standIn.url });
    kate = await addPerson(stack, 301, 'kate', 'Kate');
    leo = await addPerson(stack, 302, 'leo', 'Leo');
    mia = await addPerson(stack, 303, 'mia', 'Mia');
    ned = await addPerson(stack, 304, 'ned', 'Ned');
    // Mia's photo, put into album 51 (she uploaded it, so she may).
    inFamilyAlbum = (
      await upload(
        stack,
        mia,
        { type: 'photo', title: 'Album 51 photo' },
        { buffer: await png(), filename: 'a.png' },
      ).expect(201)
    ).body;
    await request(stack.media.url)
      .put(`/internal/media/${inFamilyAlbum.id}/album`)
      .set(asService('albums'))
      .send({ albumId: 51, actingUserId: mia.id })
      .expect(200);
    inPrivateAlbum = (
      await upload(
        stack,
        kate,
        { type: 'document', title: 'Album 53 will', albumId: '53' },
        { buffer: pdf(), filename: 'w.pdf' },
      ).expect(201)
    ).body;
  });

  afterAll(async () => {
    await stack.close();
    await new Promise((resolve) => standIn.server.close(resolve));
  });

  const get = (person: Person, url: string) => request(stack.media.url).get(url).set(person.headers);

  it('shows an album item to whoever sees the album, and to nobody else', async () => {
    for (const person of [kate, leo, mia]) await get(person, `/api/media/${inFamilyAlbum.id}`).expect(200);
    await get(ned, `/api/media/${inFamilyAlbum.id}`).expect(404);
    await get(ned, `/api/media/${inFamilyAlbum.id}/thumbnail`).expect(404);
    await get(kate, `/api/media/${inPrivateAlbum.id}/file`).expect(200);
    for (const person of [leo, mia, ned]) await get(person, `/api/media/${inPrivateAlbum.id}/file`).expect(404);

    const album = (person: Person) => get(person, '/api/media?albumId=51').expect(200);
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
      { type: 'photo', title: 'Kate in 51', albumId: '51' },
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
    const leos = await upload(
      stack,
      kate,
      { type: 'photo', title: 'To be deleted', albumId: '51' },
      { buffer: await png(), filename: 'd.png' },
    ).expect(201);
    const refused = await request(stack.media.url).delete(`/api/media/${leos.body.id}`).set(leo.headers).expect(403);
    expect(refused.body.message).toBe('Only the uploader or the album creator can delete this item');
    const byMia = await upload(
      stack,
      mia,
      { type: 'photo', title: 'Mia in 51' },
      { buffer: await png(), filename: 'm.png' },
    ).expect(201);
    await request(stack.media.url)
      .put(`/internal/media/${byMia.body.id}/album`)
      .set(asService('albums'))
      .send({ albumId: 51, actingUserId: mia.id })
      .expect(200);
    // Kate made album 51: she may delete what others put in it.
    await request(stack.media.url).delete(`/api/media/${byMia.body.id}`).set(kate.headers).expect(204);
  });

  it('uploads into an album only for its editors', async () => {
    const ok = await upload(
      stack,
      leo,
      { type: 'photo', title: 'Leo adds', albumId: '51' },
      { buffer: await png(), filename: 'l.png' },
    ).expect(201);
    expect(ok.body.albumId).toBe(51);
    const refused = await upload(
      stack,
      mia,
      { type: 'photo', title: 'Mia adds', albumId: '51' },
      { buffer: await png(), filename: 'm.png' },
    ).expect(403);
    expect(refused.body.message).toBe('You can only upload into an album you created or may edit.');
  });

  it('refuses to move an item that is already in an album into another', async () => {
    const moved = await request(stack.media.url)
      .put(`/internal/media/${inFamilyAlbum.id}/album`)
      .set(asService('albums'))
      .send({ albumId: 52, actingUserId: leo.id })
      .expect(409);
    expect(moved.body.message).toBe('This item is already in an album');
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

  it('asks the albums service at most once per request', async () => {
    standIn.calls.length = 0;
    await get(ned, '/api/media?limit=200').expect(200);
    expect(standIn.calls).toEqual([String(ned.id)]);
    standIn.calls.length = 0;
    await get(leo, `/api/media/${inFamilyAlbum.id}`).expect(200);
    await request(stack.media.url)
      .patch(`/api/media/${inFamilyAlbum.id}`)
      .set(leo.headers)
      .send({ title: 'Once more' })
      .expect(200);
    expect(standIn.calls).toEqual([String(leo.id), String(leo.id)]);
    // Their own item in no album needs no album rights at all.
    standIn.calls.length = 0;
    const own = await upload(
      stack,
      ned,
      { type: 'document', title: 'Ned letter' },
      { buffer: pdf(), filename: 'n.pdf' },
    ).expect(201);
    await get(ned, `/api/media/${own.body.id}/file`).expect(200);
    expect(standIn.calls).toEqual([]);
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
