import { randomInt } from 'node:crypto';
import { ApiClient, signUp, uniqueName, type SignedUp } from '../support/api';
import { pngFile, privateAlbum, uploadMedia } from '../support/media';

/**
 * docs/rights.md "Attaching a person to an item": tagging, merging and invites all show an item to someone outside
 * its album only on the word of someone who may edit it. A merge or an invite that would do it otherwise leaves
 * the tag waiting for an editor's confirmation, and until then the person sees nothing.
 */
describe('attaching a person to an item in a private album', () => {
  let ann: SignedUp; // keeps a private album
  let cal: SignedUp; // another member, outside it
  let album: number;

  beforeAll(async () => {
    ann = await signUp('attach-ann');
    cal = await signUp('attach-cal');
    album = await privateAlbum(ann.client, uniqueName('Private'));
  });

  /** A photo in Ann's private album with a relative without an account tagged on it by Ann. */
  async function taggedPrivatePhoto(relativeName: string) {
    const relative = (await ann.client.post('/api/people', { givenName: relativeName, surname: 'Attach' })).body as {
      id: number;
    };
    const photo = await uploadMedia(
      ann.client,
      { type: 'photo', title: `${relativeName} at home`, albumId: String(album) },
      uniquePng(),
    );
    expect((await ann.client.post(`/api/media/${photo.id}/tags`, { userId: relative.id })).status).toBe(201);
    return { relative, photo };
  }

  // Random colours: the archive refuses the same file twice from one uploader.
  const uniquePng = () => pngFile([randomInt(256), randomInt(256), randomInt(256)]);

  async function sees(client: ApiClient, mediaId: number) {
    const [item, file, tagged] = await Promise.all([
      client.get(`/api/media/${mediaId}`),
      client.get(`/api/media/${mediaId}/file`),
      client.get('/api/media/tagged'),
    ]);
    return {
      item: item.status,
      file: file.status,
      tagged: tagged.body.items.some((each: { id: number }) => each.id === mediaId),
    };
  }

  /** The relative signs up with the invite's code: the new account is that very person. */
  async function signUpWith(inviteCode: string, personId: number) {
    const client = new ApiClient();
    const registered = await client.post('/api/register', {
      username: uniqueName('invited'),
      password: 'invited-password',
      inviteCode,
    });
    expect({ status: registered.status, id: registered.body.user?.id }).toEqual({ status: 201, id: personId });
    return client;
  }

  const unseen = { item: 404, file: 404, tagged: false };
  const seen = { item: 200, file: 200, tagged: true };

  it('a member who merges a tagged relative into themselves sees nothing until the album owner confirms', async () => {
    const { relative, photo } = await taggedPrivatePhoto('Gerda');
    expect(await sees(cal.client, photo.id)).toEqual(unseen);
    expect((await cal.client.post(`/api/media/${photo.id}/tags`, { userId: cal.user.id })).status).toBe(404);

    const merged = await cal.client.post(`/api/people/${relative.id}/merge`, { intoId: cal.user.id });
    expect(merged.status).toBe(200);
    expect(await sees(cal.client, photo.id)).toEqual(unseen);
    // Nor does it show in a list of Cal's items to someone who sees the photo.
    const calsItems = await ann.client.get(`/api/media/tagged?userId=${cal.user.id}`);
    expect(calsItems.body.items.map((each: { id: number }) => each.id)).not.toContain(photo.id);

    // Ann sees the tag, waiting for her; the item names only confirmed tags.
    const tags = await ann.client.get(`/api/media/${photo.id}/tags`);
    expect(tags.body).toEqual([expect.objectContaining({ userId: cal.user.id, awaitingConfirmation: true })]);
    expect((await ann.client.get(`/api/media/${photo.id}`)).body.tags).toEqual([]);

    const confirmed = await ann.client.post(`/api/media/${photo.id}/tags`, { userId: cal.user.id });
    expect(confirmed.status).toBe(201);
    expect(confirmed.body).toEqual({ userId: cal.user.id, user: expect.objectContaining({ id: cal.user.id }) });
    expect(await sees(cal.client, photo.id)).toEqual(seen);
    const again = await ann.client.post(`/api/media/${photo.id}/tags`, { userId: cal.user.id });
    expect({ status: again.status, message: again.body.message }).toEqual({
      status: 409,
      message: 'This person is already tagged',
    });
  });

  it('a merge by someone who may edit the item carries the tag over at once', async () => {
    const { relative, photo } = await taggedPrivatePhoto('Greta');
    const merged = await ann.client.post(`/api/people/${relative.id}/merge`, { intoId: cal.user.id });
    expect(merged.status).toBe(200);
    expect(await sees(cal.client, photo.id)).toEqual(seen);
    const tags = await ann.client.get(`/api/media/${photo.id}/tags`);
    expect(tags.body).toEqual([{ userId: cal.user.id, user: expect.objectContaining({ id: cal.user.id }) }]);
  });

  it('someone who may not edit the item cannot confirm a waiting tag', async () => {
    const { relative, photo } = await taggedPrivatePhoto('Gisela');
    const dora = await signUp('attach-dora');
    expect((await cal.client.post(`/api/people/${relative.id}/merge`, { intoId: dora.user.id })).status).toBe(200);
    expect(await sees(dora.client, photo.id)).toEqual(unseen);
    // Dora cannot confirm her own tag: she does not even see the item.
    expect((await dora.client.post(`/api/media/${photo.id}/tags`, { userId: dora.user.id })).status).toBe(404);
    expect(await sees(dora.client, photo.id)).toEqual(unseen);
  });

  it('an account made from an invite by someone who may not edit the item sees it only once confirmed', async () => {
    const { relative, photo } = await taggedPrivatePhoto('Gudrun');
    const invite = await cal.client.post(`/api/people/${relative.id}/invite`);
    expect(invite.status).toBe(201);
    const joined = await signUpWith(invite.body.code, relative.id);
    expect(await sees(joined, photo.id)).toEqual(unseen);

    const tags = await ann.client.get(`/api/media/${photo.id}/tags`);
    expect(tags.body).toEqual([expect.objectContaining({ userId: relative.id, awaitingConfirmation: true })]);
    expect((await ann.client.post(`/api/media/${photo.id}/tags`, { userId: relative.id })).status).toBe(201);
    expect(await sees(joined, photo.id)).toEqual(seen);
  });

  it('an account made from the album owner’s own invite sees the item at once', async () => {
    const { relative, photo } = await taggedPrivatePhoto('Hedwig');
    const invite = await ann.client.post(`/api/people/${relative.id}/invite`);
    const joined = await signUpWith(invite.body.code, relative.id);
    expect(await sees(joined, photo.id)).toEqual(seen);
  });

  it('the GEDCOM download links only the files its member may see', async () => {
    const deceased = (
      await ann.client.post('/api/people', {
        givenName: 'Ottilie',
        surname: uniqueName('Gedcom'),
        death: { date: '1950', place: null },
      })
    ).body as { id: number };
    const fileName = `${uniqueName('ottilie')}.png`;
    const photo = await uploadMedia(
      ann.client,
      { type: 'photo', title: 'Ottilie in the garden', albumId: String(album) },
      { ...uniquePng(), name: fileName },
    );
    expect((await ann.client.post(`/api/media/${photo.id}/tags`, { userId: deceased.id })).status).toBe(201);

    for (const living of ['names', 'full']) {
      const cals = await cal.client.get<string>(`/api/family/gedcom?living=${living}`);
      expect(cals.status).toBe(200);
      expect(cals.body).not.toContain(fileName);
      expect(cals.body).not.toContain('Ottilie in the garden');
      const anns = await ann.client.get<string>(`/api/family/gedcom?living=${living}`);
      expect(anns.body).toContain(fileName);
    }
  });
});
