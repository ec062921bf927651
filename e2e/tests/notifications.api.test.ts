import type { NotificationEntry, NotificationPage } from '@family/contract';
import { ApiClient, signUp, uniqueName, type SignedUp } from '../support/api';
import { pngFile, privateAlbum, uploadMedia } from '../support/media';

/**
 * docs/product.md "Notifications": a member hears of what concerns them (tagged, added to an album, a memory
 * about them, an invite of theirs used), never of their own doing, and only of what they may see now.
 */
describe('notifications', () => {
  let anna: SignedUp; // does things
  let ben: SignedUp; // hears of them
  let cara: SignedUp; // a third member, who must learn nothing of Ben's

  beforeAll(async () => {
    [anna, ben, cara] = await Promise.all([signUp('note-anna'), signUp('note-ben'), signUp('note-cara')]);
  });

  const list = async (client: ApiClient, query = '') =>
    (await client.get<NotificationPage>(`/api/notifications${query}`)).body;

  /** A photo only Anna sees (in her private album), with nobody tagged. */
  async function annasPrivatePhoto(title: string) {
    const album = await privateAlbum(anna.client, uniqueName('Notes'));
    return uploadMedia(anna.client, { type: 'photo', title, albumId: String(album) }, pngFile());
  }

  it('a tag tells the tagged member, not the one who tagged, and names the item and who did it', async () => {
    const photo = await annasPrivatePhoto('Picnic by the lake');
    expect((await anna.client.post(`/api/media/${photo.id}/tags`, { userId: ben.user.id })).status).toBe(201);
    expect((await anna.client.post(`/api/media/${photo.id}/tags`, { userId: anna.user.id })).status).toBe(201);

    const bens = await list(ben.client);
    expect(bens.items[0]).toEqual<NotificationEntry>({
      id: expect.any(Number),
      kind: 'tagged',
      actor: { id: anna.user.id, username: anna.username, displayName: anna.user.displayName },
      subjectId: photo.id,
      subjectTitle: 'Picnic by the lake',
      createdAt: expect.any(String),
      read: false,
    });
    const annas = await list(anna.client);
    expect(annas.items.filter((entry) => entry.subjectId === photo.id)).toEqual([]);
  });

  it('being added to an album tells the new member, with the album name', async () => {
    const name = uniqueName('Summer');
    await privateAlbum(anna.client, name, [ben.user.id]);
    const [entry] = (await list(ben.client)).items;
    expect(entry).toMatchObject({ kind: 'album-member', subjectTitle: name, actor: { id: anna.user.id } });
  });

  it('a memory about a relative and an invite used reach the relative once a member, and the inviter', async () => {
    const relative = (await anna.client.post('/api/people', { givenName: 'Dora', surname: 'Notes' })).body as {
      id: number;
    };
    const memory = await anna.client.post('/api/memories', {
      personId: relative.id,
      title: 'Dora at the fair',
      content: 'She won the pie contest.',
    });
    expect(memory.status).toBe(201);
    const invite = await ben.client.post(`/api/people/${relative.id}/invite`);
    const dora = new ApiClient();
    const registered = await dora.post('/api/register', {
      username: uniqueName('dora'),
      password: 'dora-password',
      inviteCode: invite.body.code,
    });
    expect(registered.status).toBe(201);

    expect((await list(dora)).items).toEqual([
      expect.objectContaining({
        kind: 'memory',
        subjectTitle: 'Dora at the fair',
        actor: expect.objectContaining({ id: anna.user.id }),
      }),
    ]);
    expect((await list(ben.client)).items[0]).toMatchObject({
      kind: 'invite-used',
      subjectId: relative.id,
      actor: { id: relative.id },
    });

    // A memory deleted by its writer takes its notification with it.
    expect((await anna.client.delete(`/api/memories/${memory.body.id}`)).status).toBe(204);
    expect((await list(dora)).items).toEqual([]);
  });

  it('counts unread ones, marks one and all read, newest first in keyset pages', async () => {
    const before = await list(ben.client);
    expect(before.unread).toBe(before.items.filter((entry) => !entry.read).length);
    expect(before.unread).toBeGreaterThanOrEqual(3);
    const ids = before.items.map((entry) => entry.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const first = await list(ben.client, '?limit=1');
    expect(first.items).toHaveLength(1);
    const second = await list(ben.client, `?limit=1&cursor=${first.nextCursor}`);
    expect(second.items[0]!.id).toBe(ids[1]);

    expect((await ben.client.post(`/api/notifications/${ids[0]}/read`)).status).toBe(204);
    const afterOne = await list(ben.client);
    expect(afterOne.unread).toBe(before.unread - 1);
    expect(afterOne.items[0]!.read).toBe(true);

    expect((await ben.client.post('/api/notifications/read')).status).toBe(204);
    expect((await list(ben.client)).unread).toBe(0);
  });

  it("no one else reads or marks a member's notifications", async () => {
    const photo = await annasPrivatePhoto('Only for Ben');
    await anna.client.post(`/api/media/${photo.id}/tags`, { userId: ben.user.id });
    const [entry] = (await list(ben.client)).items;
    expect((await list(cara.client)).items.map((each) => each.id)).not.toContain(entry!.id);

    const marked = await cara.client.post(`/api/notifications/${entry!.id}/read`);
    expect(marked).toMatchObject({ status: 404, body: { message: 'This notification was not found.' } });
    await cara.client.post('/api/notifications/read');
    expect((await list(ben.client)).items[0]).toMatchObject({ id: entry!.id, read: false });

    expect((await new ApiClient().get('/api/notifications')).status).toBe(401);
  });

  it('bad ids and pages answer 400 or 404 with a sentence', async () => {
    for (const path of [
      '/api/notifications/abc/read',
      '/api/notifications/0/read',
      '/api/notifications/99999999999/read',
    ]) {
      const answer = await ben.client.post(path);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toEqual(expect.any(String));
    }
    expect((await ben.client.post('/api/notifications/2000000000/read')).status).toBe(404);
    for (const query of ['?cursor=x', '?limit=0', '?limit=101', '?limit=two']) {
      const answer = await ben.client.get(`/api/notifications${query}`);
      expect({ status: answer.status, message: typeof answer.body.message }).toEqual({
        status: 400,
        message: 'string',
      });
    }
  });

  it('an item gone to the trash, or an album left, is gone from the list and the count', async () => {
    await ben.client.post('/api/notifications/read');
    const photo = await annasPrivatePhoto('Soon in the trash');
    await anna.client.post(`/api/media/${photo.id}/tags`, { userId: ben.user.id });
    const albumName = uniqueName('Leaving');
    const album = await privateAlbum(anna.client, albumName, [ben.user.id]);
    const shown = await list(ben.client);
    expect(shown.unread).toBe(2);
    expect(shown.items.slice(0, 2).map((entry) => entry.kind)).toEqual(['album-member', 'tagged']);

    expect((await anna.client.delete(`/api/media/${photo.id}`)).status).toBe(204);
    expect((await anna.client.delete(`/api/albums/${album}/members/${ben.user.id}`)).status).toBe(200);
    const after = await list(ben.client);
    expect(after.unread).toBe(0);
    // Albums and items are numbered apart: an album may have the photo's number.
    expect(after.items.map((entry) => `${entry.kind} ${entry.subjectId}`)).not.toContain(`tagged ${photo.id}`);
    expect(after.items.map((entry) => entry.subjectTitle)).not.toContain(albumName);

    // Restored from the trash, the item is back in the list.
    expect((await anna.client.post(`/api/trash/${photo.id}/restore`)).status).toBe(200);
    expect((await list(ben.client)).items[0]).toMatchObject({ kind: 'tagged', subjectId: photo.id });
  });
});
