import { signUp, type SignedUp, type ApiClient } from '../support/api';
import { pngFile, uploadMedia } from '../support/media';

// docs/architecture.md "Caches": media keeps album rights and people for a short while; a change announced by
// their owner must show on the very next request, above all a right taken away.

const listedIds = async (client: ApiClient, path = '/api/media?limit=200') =>
  ((await client.get(path)).body.items as Array<{ id: number }>).map((item) => item.id);

describe('cached album rights and people through the gateway', () => {
  let creator: SignedUp;
  let member: SignedUp;

  beforeAll(async () => {
    creator = await signUp('cachecreator');
    member = await signUp('cachemember');
  });

  it("hides a private album's items from a removed member on their very next list", async () => {
    const { body: album } = await creator.client.post('/api/albums', { name: 'Only us', isShared: false });
    const photoId = (await uploadMedia(creator.client, { type: 'photo', title: 'Just the two of us' }, pngFile())).id;
    expect((await creator.client.post(`/api/albums/${album.id}/media/${photoId}`)).status).toBe(200);
    expect((await creator.client.post(`/api/albums/${album.id}/members`, { userId: member.user.id })).status).toBe(201);

    // Seen twice, so the member's rights are in media's cache.
    expect(await listedIds(member.client)).toContain(photoId);
    expect(await listedIds(member.client)).toContain(photoId);

    expect((await creator.client.delete(`/api/albums/${album.id}/members/${member.user.id}`)).status).toBeLessThan(300);

    expect(await listedIds(member.client)).not.toContain(photoId);
    expect(await listedIds(member.client, `/api/media?albumId=${album.id}`)).toEqual([]);
    expect((await member.client.get(`/api/media/${photoId}`)).status).toBe(404);
    expect((await member.client.get(`/api/media/${photoId}/file`)).status).toBe(404);
    expect(await listedIds(creator.client)).toContain(photoId);
  });

  it('hides an album that stops being shared with the family from everyone else at once', async () => {
    const { body: album } = await creator.client.post('/api/albums', { name: 'Shared for now', isShared: true });
    const photoId = (await uploadMedia(creator.client, { type: 'photo', title: 'For the family' }, pngFile())).id;
    expect((await creator.client.post(`/api/albums/${album.id}/media/${photoId}`)).status).toBe(200);
    expect(await listedIds(member.client)).toContain(photoId);
    expect(await listedIds(member.client)).toContain(photoId);

    expect((await creator.client.patch(`/api/albums/${album.id}`, { isShared: false })).status).toBe(200);

    expect(await listedIds(member.client)).not.toContain(photoId);
    expect((await member.client.get(`/api/media/${photoId}`)).status).toBe(404);
  });

  it("shows a person's new name in the lists at once", async () => {
    const photoId = (await uploadMedia(creator.client, { type: 'photo', title: 'Named' }, pngFile())).id;
    const uploaderName = async () =>
      ((await member.client.get('/api/media?limit=200')).body.items as Array<{ id: number; user: unknown }>).find(
        (item) => item.id === photoId,
      )?.user;
    expect(await uploaderName()).toMatchObject({ id: creator.user.id });

    expect((await creator.client.patch('/api/user/profile', { displayName: 'Grandma Rose' })).status).toBe(200);

    expect(await uploaderName()).toMatchObject({ id: creator.user.id, displayName: 'Grandma Rose' });
  });

  it("shows a relative's new name and dates in the family tree at once", async () => {
    const aunt = (await creator.client.post('/api/people', { givenName: 'Zofia', surname: 'Nowak' })).body as {
      id: number;
    };
    expect((await creator.client.post('/api/family', { toUserId: aunt.id, relationType: 'sibling' })).status).toBe(201);
    const auntInTree = async () =>
      (
        (await member.client.get(`/api/family/tree/${creator.user.id}?up=1&down=1`)).body.people as Array<{
          id: number;
          displayName: string;
          birth: { date: string | null } | null;
        }>
      ).find((person) => person.id === aunt.id);
    expect(await auntInTree()).toMatchObject({ displayName: 'Zofia Nowak', birth: null });

    const edited = await creator.client.patch(`/api/people/${aunt.id}`, {
      surname: 'Kowalska',
      birth: { date: 'ABT 1950' },
    });
    expect(edited.status).toBe(200);

    expect(await auntInTree()).toMatchObject({ displayName: 'Zofia Kowalska', birth: { date: 'ABT 1950' } });
  });
});
