import { ApiClient, signUp, type SignedUp } from '../support/api';
import { pngFile, uploadMedia, waitPrepared } from '../support/media';

const NOT_FOUND = "This media item doesn't exist or you don't have permission to view it.";
async function uploadPhoto(person: SignedUp, title: string): Promise<number> {
  const { id } = await uploadMedia(person.client, { type: 'photo', title }, pngFile());
  await waitPrepared(person.client, id);
  return id;
}

/** What one person gets of one item by every route: single read, file, thumbnail, and the lists. */
async function reach(client: ApiClient, mediaId: number, albumId: number) {
  const single = await client.get(`/api/media/${mediaId}`);
  const file = await client.get(`/api/media/${mediaId}/file`);
  const thumbnail = await client.get(`/api/media/${mediaId}/thumbnail`);
  const list = await client.get('/api/media?limit=200');
  const albumList = await client.get(`/api/media?albumId=${albumId}`);
  const listed = (page: { body: { items?: Array<{ id: number }> } }) =>
    (page.body.items ?? []).some((item) => item.id === mediaId);
  return {
    statuses: [single.status, file.status, thumbnail.status],
    inLists: [listed(list), listed(albumList)],
    message: single.status === 404 ? single.body.message : undefined,
  };
}

const HIDDEN = { statuses: [404, 404, 404], inLists: [false, false], message: NOT_FOUND };
const SEEN = { statuses: [200, 200, 200], inLists: [true, true], message: undefined };

describe('albums through the gateway: creator, canEdit member and outsider', () => {
  let creator: SignedUp;
  let editor: SignedUp;
  let outsider: SignedUp;

  beforeAll(async () => {
    creator = await signUp('alcreator');
    editor = await signUp('aleditor');
    outsider = await signUp('aloutsider');
  });

  it("keeps a private album's media from an outsider by every route until they are let in", async () => {
    const { body: album } = await creator.client.post('/api/albums', { name: ' Private summer ', isShared: false });
    expect(album).toMatchObject({ name: 'Private summer', isShared: false, memberCount: 1, itemCount: 0 });
    const photoId = await uploadPhoto(creator, 'Lake at dawn');
    const added = await creator.client.post(`/api/albums/${album.id}/media/${photoId}`);
    expect(added.status).toBe(200);
    expect(added.body).toEqual({ message: 'Media added to album successfully' });

    expect(await reach(creator.client, photoId, album.id)).toEqual(SEEN);
    expect(await reach(editor.client, photoId, album.id)).toEqual(HIDDEN);
    expect(await reach(outsider.client, photoId, album.id)).toEqual(HIDDEN);
    expect((await outsider.client.get(`/api/albums/${album.id}`)).status).toBe(404);
    expect((await outsider.client.get('/api/albums')).body.map((a: { id: number }) => a.id)).not.toContain(album.id);

    const member = await creator.client.post(`/api/albums/${album.id}/members`, {
      userId: editor.user.id,
      canEdit: true,
    });
    expect(member.status).toBe(201);
    expect(member.body).toMatchObject({ memberCount: 2, members: [{ userId: editor.user.id, canEdit: true }] });
    expect(await reach(editor.client, photoId, album.id)).toEqual(SEEN);
    expect(await reach(outsider.client, photoId, album.id)).toEqual(HIDDEN);

    const shared = await creator.client.patch(`/api/albums/${album.id}`, { isShared: true });
    expect(shared.status).toBe(200);
    expect(await reach(outsider.client, photoId, album.id)).toEqual(SEEN);
    const listed = (await outsider.client.get('/api/albums')).body.find((a: { id: number }) => a.id === album.id);
    expect(listed).toMatchObject({ itemCount: 1, memberCount: 2, creator: { id: creator.user.id } });
    expect(listed.mediaItems.map((item: { id: number }) => item.id)).toEqual([photoId]);
  });

  it('gives the album rights of docs/rights.md to each of the three', async () => {
    const { body: album } = await creator.client.post('/api/albums', { name: 'Rights', isShared: true });
    await creator.client.post(`/api/albums/${album.id}/members`, { userId: editor.user.id, canEdit: true });
    const editorsPhoto = await uploadPhoto(editor, "Editor's photo");
    const outsidersPhoto = await uploadPhoto(outsider, "Outsider's photo");

    expect((await editor.client.post(`/api/albums/${album.id}/media/${editorsPhoto}`)).status).toBe(200);
    const byOutsider = await outsider.client.post(`/api/albums/${album.id}/media/${outsidersPhoto}`);
    expect(byOutsider.status).toBe(403);
    expect(byOutsider.body.message).toBe('Only the album creator or a member who can edit may add media to this album');
    const addMember = await outsider.client.post(`/api/albums/${album.id}/members`, { userId: outsider.user.id });
    expect(addMember.status).toBe(403);
    expect(addMember.body.message).toBe('Only the album creator or a member who can edit may add members');

    const { body: other } = await editor.client.post('/api/albums', { name: 'Other' });
    const conflict = await editor.client.post(`/api/albums/${other.id}/media/${editorsPhoto}`);
    expect(conflict.status).toBe(409);
    expect(conflict.body.message).toBe('This item is already in an album');

    const removeByOutsider = await outsider.client.delete(`/api/albums/${album.id}/media/${editorsPhoto}`);
    expect(removeByOutsider.status).toBe(403);
    const deleteByEditor = await editor.client.delete(`/api/albums/${album.id}`);
    expect(deleteByEditor.status).toBe(403);
    expect(deleteByEditor.body.message).toBe('Only the album creator can delete it');

    const deleted = await creator.client.delete(`/api/albums/${album.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Album deleted successfully' });
    const item = await outsider.client.get(`/api/media/${editorsPhoto}`);
    expect(item.status).toBe(200);
    expect(item.body.albumId).toBeNull();
  });

  it('lets only those who may edit an item tag someone outside its private album, which would show it to them', async () => {
    const { body: album } = await creator.client.post('/api/albums', { name: 'Only us', isShared: false });
    const viewer = await signUp('alviewer');
    await creator.client.post(`/api/albums/${album.id}/members`, { userId: editor.user.id, canEdit: true });
    await creator.client.post(`/api/albums/${album.id}/members`, { userId: viewer.user.id, canEdit: false });
    const photoId = await uploadPhoto(creator, 'Kitchen, 1986');
    expect((await creator.client.post(`/api/albums/${album.id}/media/${photoId}`)).status).toBe(200);
    expect(await reach(outsider.client, photoId, album.id)).toEqual(HIDDEN);

    // A member who only sees the album tags those who see it anyway, but cannot show the item to the outsider.
    expect((await viewer.client.post(`/api/media/${photoId}/tags`, { userId: editor.user.id })).status).toBe(201);
    const refused = await viewer.client.post(`/api/media/${photoId}/tags`, { userId: outsider.user.id });
    expect([refused.status, refused.body.message]).toEqual([
      403,
      'Only those who may edit this item can show it to someone outside its album',
    ]);
    expect(await reach(outsider.client, photoId, album.id)).toEqual(HIDDEN);

    // A member who may edit it can: the outsider then sees this item, and still nothing else of the album.
    expect((await editor.client.post(`/api/media/${photoId}/tags`, { userId: outsider.user.id })).status).toBe(201);
    const seen = await outsider.client.get(`/api/media/${photoId}`);
    expect(seen.status).toBe(200);
    expect(seen.body.tags.map((tag: { userId: number }) => tag.userId).sort()).toEqual(
      [editor.user.id, outsider.user.id].sort(),
    );
    expect((await outsider.client.get(`/api/albums/${album.id}`)).status).toBe(404);
  });

  it("removes a deleted account's albums and memberships, keeping everyone else's media", async () => {
    const leaving = await signUp('alleaving');
    const { body: theirs } = await leaving.client.post('/api/albums', { name: 'Leaving', isShared: true });
    await leaving.client.post(`/api/albums/${theirs.id}/members`, { userId: editor.user.id, canEdit: true });
    const editorsPhoto = await uploadPhoto(editor, 'Stays after the account goes');
    expect((await editor.client.post(`/api/albums/${theirs.id}/media/${editorsPhoto}`)).status).toBe(200);

    expect((await leaving.client.delete('/api/user')).status).toBe(200);
    expect((await editor.client.get(`/api/albums/${theirs.id}`)).status).toBe(404);
    const item = await editor.client.get(`/api/media/${editorsPhoto}`);
    expect(item.status).toBe(200);
    expect(item.body.albumId).toBeNull();
  });
});
