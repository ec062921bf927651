import fs from 'node:fs';
import path from 'node:path';
import { signUp, type SignedUp } from '../support/api';
import { jpeg, uploadForm, waitPrepared } from '../support/media';
import { stack } from '../support/stack';

/** Every stored object (files, thumbnails, pictures), as the embedded run keeps them on disk. */
function storedObjects(): string[] {
  const root = path.join(stack.dataDir, 'objects');
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((entry) => !entry.startsWith('.tmp') && fs.statSync(path.join(root, entry)).isFile())
    .sort();
}

async function upload(person: SignedUp, title: string, shade: number) {
  const response = await person.client.post(
    '/api/media',
    uploadForm({ type: 'photo', title }, { bytes: await jpeg(shade), name: `${title}.jpg`, type: 'image/jpeg' }),
  );
  expect(response.status).toBe(201);
  // Its thumbnail and preview too, so that they also have to go.
  expect((await waitPrepared(person.client, response.body.id)).processing).toBe('ready');
  return response.body as { id: number; url: string };
}

describe('deleting an account removes exactly that person’s data', () => {
  it('leaves nothing of the person in any service, and loses nothing of anyone else', async () => {
    const gone = await signUp('gone');
    const keep = await signUp('keep');

    // What the leaving person owns or takes part in.
    const own = await upload(gone, 'gone-photo', 31);
    expect((await gone.client.post(`/api/media/${own.id}/tags`, { userId: keep.user.id })).status).toBe(201);
    const keepsPhoto = await upload(keep, 'keep-photo', 32);
    expect((await keep.client.post(`/api/media/${keepsPhoto.id}/tags`, { userId: gone.user.id })).status).toBe(201);
    const keepsAlbumPhoto = await upload(keep, 'keep-album-photo', 33);

    const goneAlbum = await gone.client.post('/api/albums', { name: 'Gone’s album', description: '', isShared: true });
    expect(goneAlbum.status).toBe(201);
    expect(
      (await gone.client.post(`/api/albums/${goneAlbum.body.id}/members`, { userId: keep.user.id, canEdit: true }))
        .status,
    ).toBe(201);
    expect(
      (await keep.client.post(`/api/albums/${goneAlbum.body.id}/media/${keepsAlbumPhoto.id}`)).status,
    ).toBeLessThan(300);

    const keepAlbum = await keep.client.post('/api/albums', { name: 'Keep’s album', description: '', isShared: false });
    expect(
      (await keep.client.post(`/api/albums/${keepAlbum.body.id}/members`, { userId: gone.user.id, canEdit: false }))
        .status,
    ).toBe(201);

    expect((await gone.client.post('/api/family', { toUserId: keep.user.id, relationType: 'parent' })).status).toBe(
      201,
    );
    expect((await gone.client.post('/api/memories', { title: 'A day', content: 'By the sea.' })).status).toBe(201);
    const picture = uploadForm({}, { bytes: await jpeg(34), name: 'me.jpg', type: 'image/jpeg' });
    expect((await gone.client.post('/api/users/profile-picture', picture)).status).toBe(200);

    // A takeout export of theirs: its ZIP holds their things, so it has to go too.
    const exported = await gone.client.post('/api/exports', { scope: 'mine' });
    expect(exported.status).toBe(202);
    for (let tries = 0; (await gone.client.get(`/api/exports/${exported.body.id}`)).body.status !== 'ready'; tries++) {
      expect(tries).toBeLessThan(300);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const objectsBefore = storedObjects();

    expect((await gone.client.delete('/api/user')).status).toBe(200);

    // The person is gone from every service.
    expect((await keep.client.get(`/api/users/${gone.user.id}`)).status).toBe(404);
    expect((await keep.client.get(`/api/users/${gone.user.id}/picture`)).status).toBe(404);
    expect((await keep.client.get(`/api/memories?userId=${gone.user.id}`)).status).toBe(404);
    expect((await keep.client.get(`/api/media/${own.id}`)).status).toBe(404);
    expect((await fetch(`${keep.client.base}${own.url}`, { headers: { cookie: keep.client.cookie } })).status).toBe(
      404,
    );
    expect((await keep.client.get(`/api/media?userId=${gone.user.id}&uploaded=true`)).body.items).toEqual([]);
    expect((await keep.client.get(`/api/media/${keepsPhoto.id}/tags`)).body).toEqual([]);
    expect((await keep.client.get(`/api/albums/${goneAlbum.body.id}`)).status).toBe(404);
    expect((await keep.client.get(`/api/family/${keep.user.id}`)).body).toEqual([]);
    const keepsAlbum = await keep.client.get(`/api/albums/${keepAlbum.body.id}`);
    expect(keepsAlbum.body.members).toEqual([]);

    // Nothing of anyone else's is lost: the photo in the deleted album stays, detached.
    const detached = await keep.client.get(`/api/media/${keepsAlbumPhoto.id}`);
    expect(detached.status).toBe(200);
    expect(detached.body.albumId).toBeNull();
    expect((await keep.client.get(`/api/media/${keepsPhoto.id}`)).status).toBe(200);
    expect((await keep.client.get('/api/user')).body.id).toBe(keep.user.id);

    // Exactly five objects went: the photo, its thumbnail and preview, the profile picture and the export's ZIP.
    const objectsAfter = storedObjects();
    expect(objectsAfter.every((key) => objectsBefore.includes(key))).toBe(true);
    expect(objectsBefore.length - objectsAfter.length).toBe(5);
  });
});
