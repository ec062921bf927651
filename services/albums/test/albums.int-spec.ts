import request from 'supertest';
import { InternalClient } from '@family/shared';
import { ChangeAnnouncements } from '@family/shared/nest';
import { asService, asUser } from '@family/shared/testing';
import { addPerson, type AlbumsStack, type Person, startAlbumsStack, uploadPhoto } from './support';

const ALBUM_NOT_FOUND = 'Album not found';
const MEDIA_NOT_FOUND = "This media item doesn't exist or you don't have permission to view it.";

interface Album {
  id: number;
  name: string;
  description: string | null;
  isShared: boolean;
  createdBy: number;
  members: Array<{ userId: number; canEdit: boolean; user: { id: number; displayName: string; username: string } }>;
  mediaItems: Array<{ id: number; type: string; title: string; thumbnailUrl: string | null }>;
  itemCount: number;
  memberCount: number;
}

describe('albums service (real Postgres, real profile and media services)', () => {
  let stack: AlbumsStack;
  // The three people of docs/rights.md "Album rights": the album's creator, a member who may edit, and an outsider.
  let creator: Person;
  let editor: Person;
  let outsider: Person;
  // A member without canEdit.
  let viewer: Person;

  beforeAll(async () => {
    stack = await startAlbumsStack();
    creator = await addPerson(stack, 401, 'rose', 'Grandma Rose');
    editor = await addPerson(stack, 402, 'tom', 'Uncle Tom');
    outsider = await addPerson(stack, 403, 'carol', 'Cousin Carol');
    viewer = await addPerson(stack, 404, 'dave', 'Little Dave');
  });

  afterAll(async () => {
    await stack.close();
  });

  const albums = () => request(stack.albums.url);
  const media = () => request(stack.media.url);
  /** The item once the media worker has detached it from its deleted album (a job albums queued). */
  const detached = async (person: Person, mediaId: number) => {
    const until = Date.now() + 20_000;
    for (;;) {
      const response = await media().get(`/api/media/${mediaId}`).set(person.headers);
      if (response.status === 200 && response.body.albumId === null) return response.body;
      if (Date.now() > until) throw new Error(`Item ${mediaId} was not detached within 20 s`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  const createAlbum = async (person: Person, body: object = {}): Promise<Album> => {
    const response = await albums()
      .post('/api/albums')
      .set(person.headers)
      .send({ name: 'Summer', ...body })
      .expect(201);
    return response.body as Album;
  };

  const addMember = (album: Album, by: Person, member: Person, canEdit = false) =>
    albums().post(`/api/albums/${album.id}/members`).set(by.headers).send({ userId: member.id, canEdit });

  const listIds = async (person: Person, query = '') => {
    const response = await albums().get(`/api/albums${query}`).set(person.headers).expect(200);
    return (response.body as Album[]).map((album) => album.id);
  };

  describe('creating and reading albums', () => {
    it('creates an album with trimmed fields and answers it whole', async () => {
      const response = await albums()
        .post('/api/albums')
        .set(creator.headers)
        .send({ name: '  Christmas 1985  ', description: '  At the farm ', isShared: true })
        .expect(201);
      expect(response.body).toEqual({
        id: expect.any(Number),
        name: 'Christmas 1985',
        description: 'At the farm',
        isShared: true,
        createdBy: creator.id,
        creator: { id: creator.id, displayName: 'Grandma Rose', username: 'rose' },
        members: [],
        mediaItems: [],
        itemCount: 0,
        memberCount: 1,
        createdAt: expect.any(String),
      });
      expect(new Date(response.body.createdAt).toISOString()).toBe(response.body.createdAt);
      const read = await albums().get(`/api/albums/${response.body.id}`).set(creator.headers).expect(200);
      expect(read.body).toEqual(response.body);
    });

    it('stores an empty description as none and keeps an album private unless asked', async () => {
      const album = await createAlbum(creator, { description: '   ' });
      expect(album).toMatchObject({ description: null, isShared: false });
      const bare = await createAlbum(creator, { name: 'No description' });
      expect(bare).toMatchObject({ description: null, isShared: false });
    });

    it.each([
      ['no name', {}, 'Album name is required'],
      ['an empty name', { name: '' }, 'Album name is required'],
      ['a blank name', { name: '    ' }, 'Album name is required'],
      ['a name that is not text', { name: 42 }, 'Album name is required'],
      ['a name of 101 characters', { name: 'x'.repeat(101) }, 'Album name is too long: keep it under 100 characters'],
      [
        'a description of 2001 characters',
        { name: 'Ok', description: 'x'.repeat(2001) },
        'The description is too long: keep it under 2,000 characters',
      ],
      ['isShared that is not a boolean', { name: 'Ok', isShared: 'yes' }, 'isShared must be true or false'],
    ])('refuses %s with 400 and a sentence', async (_label, body, message) => {
      const response = await albums().post('/api/albums').set(creator.headers).send(body).expect(400);
      expect(response.body).toEqual({ statusCode: 400, message });
    });

    it('needs a signed-in person', async () => {
      const response = await albums().get('/api/albums').expect(401);
      expect(response.body.message).toEqual(expect.any(String));
      await albums().post('/api/albums').send({ name: 'Anon' }).expect(401);
    });

    it('shows an album to its creator, its members and, when shared, everyone; newest first', async () => {
      const privateAlbum = await createAlbum(creator, { name: 'Private' });
      const sharedAlbum = await createAlbum(creator, { name: 'Shared', isShared: true });
      const membersOnly = await createAlbum(creator, { name: 'Members only' });
      await addMember(membersOnly, creator, viewer).expect(201);

      const forCreator = await listIds(creator);
      expect(forCreator.indexOf(membersOnly.id)).toBeLessThan(forCreator.indexOf(sharedAlbum.id));
      expect(forCreator.indexOf(sharedAlbum.id)).toBeLessThan(forCreator.indexOf(privateAlbum.id));
      expect(forCreator).toEqual(expect.arrayContaining([privateAlbum.id, sharedAlbum.id, membersOnly.id]));

      const forViewer = await listIds(viewer);
      expect(forViewer).toEqual(expect.arrayContaining([sharedAlbum.id, membersOnly.id]));
      expect(forViewer).not.toContain(privateAlbum.id);

      const forOutsider = await listIds(outsider);
      expect(forOutsider).toContain(sharedAlbum.id);
      expect(forOutsider).not.toContain(privateAlbum.id);
      expect(forOutsider).not.toContain(membersOnly.id);

      for (const id of [privateAlbum.id, membersOnly.id]) {
        const response = await albums().get(`/api/albums/${id}`).set(outsider.headers).expect(404);
        expect(response.body).toEqual({ statusCode: 404, message: ALBUM_NOT_FOUND });
      }
      await albums().get(`/api/albums/${sharedAlbum.id}`).set(outsider.headers).expect(200);
      await albums().get(`/api/albums/${membersOnly.id}`).set(viewer.headers).expect(200);
    });

    it('lists the albums one person created, as far as the caller may see them', async () => {
      const own = await createAlbum(outsider, { name: "Carol's private" });
      const shared = await createAlbum(outsider, { name: "Carol's shared", isShared: true });
      await createAlbum(editor, { name: "Tom's", isShared: true });
      expect(await listIds(outsider, `?userId=${outsider.id}`)).toEqual([shared.id, own.id]);
      expect(await listIds(creator, `?userId=${outsider.id}`)).toEqual([shared.id]);
      expect(await listIds(creator, '?userId=999999')).toEqual([]);
      const bad = await albums().get('/api/albums?userId=abc').set(creator.headers).expect(400);
      expect(bad.body.message).toBe('userId must be the id of a person (a whole number)');
    });

    it('answers 404 for an album that does not exist and 400 for an id that is not one', async () => {
      expect((await albums().get('/api/albums/987654').set(creator.headers).expect(404)).body.message).toBe(
        ALBUM_NOT_FOUND,
      );
      const bad = await albums().get('/api/albums/abc').set(creator.headers).expect(400);
      expect(bad.body.message).toBe('The id in the address must be a whole number.');
    });

    it('lets only the creator rename an album or share it', async () => {
      const album = await createAlbum(creator, { name: 'Old name' });
      await addMember(album, creator, editor, true).expect(201);
      const refused = await albums()
        .patch(`/api/albums/${album.id}`)
        .set(editor.headers)
        .send({ isShared: true })
        .expect(403);
      expect(refused.body.message).toBe('Only the album creator can change it');
      await albums().patch(`/api/albums/${album.id}`).set(outsider.headers).send({ name: 'Mine' }).expect(404);
      const blank = await albums().patch(`/api/albums/${album.id}`).set(creator.headers).send({ name: ' ' });
      expect(blank.status).toBe(400);
      expect(blank.body.message).toBe('Album name is required');
      const changed = await albums()
        .patch(`/api/albums/${album.id}`)
        .set(creator.headers)
        .send({ name: ' New name ', description: ' Now described ' })
        .expect(200);
      expect(changed.body).toMatchObject({ name: 'New name', description: 'Now described', isShared: false });
      expect(changed.body.members).toHaveLength(1);
    });
  });

  describe('members', () => {
    it('lets the creator and a canEdit member add people, and shows them with memberCount = members + 1', async () => {
      const album = await createAlbum(creator, { name: 'Reunion' });
      const first = await addMember(album, creator, editor, true).expect(201);
      expect(first.body).toMatchObject({
        id: album.id,
        memberCount: 2,
        members: [
          { userId: editor.id, canEdit: true, user: { id: editor.id, displayName: 'Uncle Tom', username: 'tom' } },
        ],
      });
      const second = await addMember(album, editor, viewer).expect(201);
      expect(second.body.memberCount).toBe(3);
      expect(second.body.members.map((m: Album['members'][number]) => [m.userId, m.canEdit])).toEqual([
        [editor.id, true],
        [viewer.id, false],
      ]);
      const listed = (await albums().get('/api/albums').set(viewer.headers).expect(200)).body as Album[];
      expect(listed.find((a) => a.id === album.id)).toMatchObject({ memberCount: 3, itemCount: 0 });
    });

    it('refuses members without canEdit, outsiders, unknown people, the creator and existing members', async () => {
      const album = await createAlbum(creator, { name: 'Refusals' });
      await addMember(album, creator, viewer).expect(201);

      const byViewer = await addMember(album, viewer, outsider).expect(403);
      expect(byViewer.body.message).toBe('Only the album creator or a member who can edit may add members');
      const byOutsider = await addMember(album, outsider, outsider).expect(404);
      expect(byOutsider.body.message).toBe(ALBUM_NOT_FOUND);

      const unknown = await albums()
        .post(`/api/albums/${album.id}/members`)
        .set(creator.headers)
        .send({ userId: 999999 })
        .expect(404);
      expect(unknown.body.message).toBe('This person is not in the family archive.');
      const self = await addMember(album, creator, creator).expect(409);
      expect(self.body.message).toBe('This person created the album, so they are already in it.');
      const again = await addMember(album, creator, viewer, true).expect(409);
      expect(again.body.message).toBe('This person is already a member of the album.');
      const none = await albums().post(`/api/albums/${album.id}/members`).set(creator.headers).send({}).expect(400);
      expect(none.body.message).toBe('Please select a member');
      const badFlag = await albums()
        .post(`/api/albums/${album.id}/members`)
        .set(creator.headers)
        .send({ userId: outsider.id, canEdit: 'sure' })
        .expect(400);
      expect(badFlag.body.message).toBe('canEdit must be true or false');
    });

    it('refuses someone who sees a shared album but is not in it', async () => {
      const album = await createAlbum(creator, { name: 'Shared refusals', isShared: true });
      const stranger = await addMember(album, outsider, viewer).expect(403);
      expect(stranger.body.message).toBe('Only the album creator or a member who can edit may add members');
    });

    it('lets the creator remove anyone and a member leave, and nobody else remove people', async () => {
      const album = await createAlbum(creator, { name: 'Comings and goings' });
      await addMember(album, creator, editor, true).expect(201);
      await addMember(album, creator, viewer).expect(201);

      const byEditor = await albums().delete(`/api/albums/${album.id}/members/${viewer.id}`).set(editor.headers);
      expect(byEditor.status).toBe(403);
      expect(byEditor.body.message).toBe('Only the album creator can remove other members');
      const byOutsider = await albums().delete(`/api/albums/${album.id}/members/${viewer.id}`).set(outsider.headers);
      expect(byOutsider.status).toBe(404);
      expect(byOutsider.body.message).toBe(ALBUM_NOT_FOUND);

      const leaving = await albums()
        .delete(`/api/albums/${album.id}/members/${viewer.id}`)
        .set(viewer.headers)
        .expect(200);
      expect(leaving.body).toEqual({ message: 'Member removed successfully' });
      await albums().get(`/api/albums/${album.id}`).set(viewer.headers).expect(404);

      await albums().delete(`/api/albums/${album.id}/members/${editor.id}`).set(creator.headers).expect(200);
      const after = await albums().get(`/api/albums/${album.id}`).set(creator.headers).expect(200);
      expect(after.body).toMatchObject({ members: [], memberCount: 1 });

      const notMember = await albums().delete(`/api/albums/${album.id}/members/${outsider.id}`).set(creator.headers);
      expect(notMember.status).toBe(404);
      expect(notMember.body.message).toBe('This person is not a member of the album.');
      const creatorLeaving = await albums()
        .delete(`/api/albums/${album.id}/members/${creator.id}`)
        .set(creator.headers);
      expect(creatorLeaving.status).toBe(400);
      expect(creatorLeaving.body.message).toBe('The album creator cannot leave the album. Delete the album instead.');
    });
  });

  describe('media in albums', () => {
    /** Whether the person sees the item by every route: single read, file, thumbnail, lists (album's too). */
    const canSee = async (person: Person, mediaId: number, albumId: number | null) => {
      const single = await media().get(`/api/media/${mediaId}`).set(person.headers);
      const file = await media().get(`/api/media/${mediaId}/file`).set(person.headers);
      const thumbnail = await media().get(`/api/media/${mediaId}/thumbnail`).set(person.headers);
      const list = await media().get('/api/media?limit=200').set(person.headers).expect(200);
      const listed = (list.body.items as Array<{ id: number }>).some((item) => item.id === mediaId);
      // A thumbnail the media worker has not made yet answers 409: the item is seen all the same.
      const seen = [single.status === 200, file.status === 200, [200, 409].includes(thumbnail.status), listed];
      if (albumId !== null) {
        const inAlbum = await media().get(`/api/media?albumId=${albumId}`).set(person.headers).expect(200);
        seen.push((inAlbum.body.items as Array<{ id: number }>).some((item) => item.id === mediaId));
      }
      // Every route agrees: all seen or nothing seen.
      expect(new Set(seen).size).toBe(1);
      if (!seen[0]) {
        expect(single.status).toBe(404);
        expect(single.body.message).toBe(MEDIA_NOT_FOUND);
        expect(file.status).toBe(404);
        expect(thumbnail.status).toBe(404);
      }
      return seen[0];
    };

    it('hides a private album’s media from an outsider until they become a member or the album is shared', async () => {
      const album = await createAlbum(creator, { name: 'Private photos' });
      const photo = await uploadPhoto(stack, creator, 'Grandpa fishing');
      expect(await canSee(outsider, photo.id, null)).toBe(true); // in no album: everyone sees it

      const added = await media().post(`/api/albums/${album.id}/media/${photo.id}`).set(creator.headers).expect(200);
      expect(added.body).toEqual({ message: 'Media added to album successfully' });
      const item = await media().get(`/api/media/${photo.id}`).set(creator.headers).expect(200);
      expect(item.body.albumId).toBe(album.id);

      expect(await canSee(outsider, photo.id, album.id)).toBe(false);
      expect(await canSee(editor, photo.id, album.id)).toBe(false);

      await addMember(album, creator, editor, true).expect(201);
      expect(await canSee(editor, photo.id, album.id)).toBe(true);
      expect(await canSee(outsider, photo.id, album.id)).toBe(false);

      await albums().patch(`/api/albums/${album.id}`).set(creator.headers).send({ isShared: true }).expect(200);
      expect(await canSee(outsider, photo.id, album.id)).toBe(true);

      await albums().patch(`/api/albums/${album.id}`).set(creator.headers).send({ isShared: false }).expect(200);
      expect(await canSee(outsider, photo.id, album.id)).toBe(false);
      await albums().delete(`/api/albums/${album.id}/members/${editor.id}`).set(creator.headers).expect(200);
      expect(await canSee(editor, photo.id, album.id)).toBe(false);
    });

    it('counts and previews each album’s newest items, with one directory call and no media call for the whole list', async () => {
      const first = await createAlbum(editor, { name: 'Preview A' });
      const second = await createAlbum(editor, { name: 'Preview B' });
      await addMember(first, editor, viewer).expect(201);
      const photos = [];
      for (let i = 0; i < 5; i++) photos.push(await uploadPhoto(stack, editor, `Preview ${i}`));
      for (const photo of photos) {
        await media().post(`/api/albums/${first.id}/media/${photo.id}`).set(editor.headers).expect(200);
      }
      // As after a change of someone's name: the people shown are not kept from an earlier list.
      await stack.albums.app.get(ChangeAnnouncements).raise('people');
      const client = stack.albums.app.get(InternalClient);
      const calls = jest.spyOn(client, 'call');
      const response = await albums().get(`/api/albums?userId=${editor.id}`).set(editor.headers).expect(200);
      const paths = calls.mock.calls.map(([target, method, path]) => `${target.name} ${method} ${path}`);
      calls.mockRestore();
      // The previews are media's rows in the table both share, read by albums in one statement.
      expect(paths.sort()).toEqual(['profile POST /internal/users/lookup']);

      const listed = response.body as Album[];
      const a = listed.find((album) => album.id === first.id)!;
      const b = listed.find((album) => album.id === second.id)!;
      expect(a.itemCount).toBe(5);
      // The four newest (all dated today: the last uploaded first), each only what its card shows.
      expect(a.mediaItems).toEqual(
        [4, 3, 2, 1].map((i) => ({
          id: photos[i].id,
          type: 'photo',
          title: `Preview ${i}`,
          thumbnailUrl: `/api/media/${photos[i].id}/thumbnail`,
        })),
      );
      expect(a.members[0].user.displayName).toBe('Little Dave');
      expect(b).toMatchObject({ itemCount: 0, mediaItems: [] });

      // While nobody's name changes, the people shown are kept: the next list calls no one.
      const again = jest.spyOn(client, 'call');
      const listedAgain = await albums().get(`/api/albums?userId=${editor.id}`).set(editor.headers).expect(200);
      expect(again).not.toHaveBeenCalled();
      again.mockRestore();
      expect(listedAgain.body).toEqual(response.body);

      // A change of the album's items is on the very next list: media writes the row in the change's transaction.
      const newest = await uploadPhoto(stack, editor, 'Preview 5');
      await media().post(`/api/albums/${first.id}/media/${newest.id}`).set(editor.headers).expect(200);
      const afterChange = (await albums().get(`/api/albums?userId=${editor.id}`).set(editor.headers).expect(200))
        .body as Album[];
      const changed = afterChange.find((album) => album.id === first.id)!;
      expect(changed.itemCount).toBe(6);
      expect(changed.mediaItems.map((item) => item.id)).toEqual([newest.id, photos[4].id, photos[3].id, photos[2].id]);
    });

    it('keeps an item in one album: 409 when it is already in another', async () => {
      const home = await createAlbum(creator, { name: 'Home' });
      const other = await createAlbum(creator, { name: 'Other' });
      const photo = await uploadPhoto(stack, creator, 'Only one album');
      await media().post(`/api/albums/${home.id}/media/${photo.id}`).set(creator.headers).expect(200);
      const conflict = await media().post(`/api/albums/${other.id}/media/${photo.id}`).set(creator.headers);
      expect(conflict.status).toBe(409);
      expect(conflict.body).toEqual({ statusCode: 409, message: 'This item is already in an album' });
      // Adding it again to the album it is in changes nothing.
      await media().post(`/api/albums/${home.id}/media/${photo.id}`).set(creator.headers).expect(200);
    });

    it('needs the album editor’s right on the album and the item’s right on the item to add it', async () => {
      const album = await createAlbum(creator, { name: 'Rights to add' });
      await addMember(album, creator, editor, true).expect(201);
      await addMember(album, creator, viewer).expect(201);
      const editorsPhoto = await uploadPhoto(stack, editor, "Tom's photo");
      const viewersPhoto = await uploadPhoto(stack, viewer, "Dave's photo");
      const outsidersPhoto = await uploadPhoto(stack, outsider, "Carol's photo");

      const byViewer = await media().post(`/api/albums/${album.id}/media/${viewersPhoto.id}`).set(viewer.headers);
      expect(byViewer.status).toBe(403);
      expect(byViewer.body.message).toBe('Only the album creator or a member who can edit may add media to this album');
      const byOutsider = await media().post(`/api/albums/${album.id}/media/${outsidersPhoto.id}`).set(outsider.headers);
      expect(byOutsider.status).toBe(404);
      expect(byOutsider.body.message).toBe(ALBUM_NOT_FOUND);

      // The editor may put their own upload in, but not somebody else's item that is in no album.
      await media().post(`/api/albums/${album.id}/media/${editorsPhoto.id}`).set(editor.headers).expect(200);
      const othersItem = await media().post(`/api/albums/${album.id}/media/${outsidersPhoto.id}`).set(editor.headers);
      expect(othersItem.status).toBe(403);
      expect(othersItem.body.message).toBe('Only the uploader or an album editor can add this item to an album');

      const unknown = await media().post(`/api/albums/${album.id}/media/987654`).set(creator.headers);
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe(MEDIA_NOT_FOUND);
      await media().post(`/api/albums/987654/media/${editorsPhoto.id}`).set(creator.headers).expect(404);
    });

    it('lets the creator, a canEdit member and the uploader take an item out, and nobody else', async () => {
      const album = await createAlbum(creator, { name: 'Rights to remove', isShared: true });
      await addMember(album, creator, editor, true).expect(201);
      await addMember(album, creator, viewer).expect(201);
      const creatorsPhoto = await uploadPhoto(stack, creator, 'Creator photo');
      const secondPhoto = await uploadPhoto(stack, creator, 'Second photo');
      const editorsPhoto = await uploadPhoto(stack, editor, 'Editor photo');
      for (const photo of [creatorsPhoto, secondPhoto, editorsPhoto]) {
        const by = photo === editorsPhoto ? editor : creator;
        await media().post(`/api/albums/${album.id}/media/${photo.id}`).set(by.headers).expect(200);
      }

      const byViewer = await media().delete(`/api/albums/${album.id}/media/${creatorsPhoto.id}`).set(viewer.headers);
      expect(byViewer.status).toBe(403);
      expect(byViewer.body.message).toBe('Only the uploader or an album editor can remove this item from the album');
      const byOutsider = await media()
        .delete(`/api/albums/${album.id}/media/${creatorsPhoto.id}`)
        .set(outsider.headers);
      expect(byOutsider.status).toBe(403);

      const byEditor = await media()
        .delete(`/api/albums/${album.id}/media/${creatorsPhoto.id}`)
        .set(editor.headers)
        .expect(200);
      expect(byEditor.body).toEqual({ message: 'Media removed from album successfully' });
      await media().delete(`/api/albums/${album.id}/media/${secondPhoto.id}`).set(creator.headers).expect(200);

      // The editor loses canEdit; as the uploader they may still take their own item out.
      await albums().delete(`/api/albums/${album.id}/members/${editor.id}`).set(creator.headers).expect(200);
      await media().delete(`/api/albums/${album.id}/media/${editorsPhoto.id}`).set(editor.headers).expect(200);

      const notIn = await media().delete(`/api/albums/${album.id}/media/${creatorsPhoto.id}`).set(creator.headers);
      expect(notIn.status).toBe(404);
      expect(notIn.body.message).toBe('This item is not in that album.');
      const item = await media().get(`/api/media/${creatorsPhoto.id}`).set(creator.headers).expect(200);
      expect(item.body.albumId).toBeNull();
    });

    it('tells an outsider nothing about a private album’s items when they try to take one out', async () => {
      const album = await createAlbum(creator, { name: 'Private remove' });
      const photo = await uploadPhoto(stack, creator, 'Private item');
      await media().post(`/api/albums/${album.id}/media/${photo.id}`).set(creator.headers).expect(200);
      const response = await media().delete(`/api/albums/${album.id}/media/${photo.id}`).set(outsider.headers);
      expect(response.status).toBe(404);
      expect(response.body.message).toBe(ALBUM_NOT_FOUND);
    });

    it('lets an uploader take their item out of a private album they cannot see', async () => {
      const album = await createAlbum(creator, { name: 'Private, with a guest item' });
      await addMember(album, creator, viewer, true).expect(201);
      const photo = await uploadPhoto(stack, viewer, 'Guest item');
      await media().post(`/api/albums/${album.id}/media/${photo.id}`).set(viewer.headers).expect(200);
      await albums().delete(`/api/albums/${album.id}/members/${viewer.id}`).set(viewer.headers).expect(200);
      await albums().get(`/api/albums/${album.id}`).set(viewer.headers).expect(404);
      await media().delete(`/api/albums/${album.id}/media/${photo.id}`).set(viewer.headers).expect(200);
    });
  });

  describe('deleting albums', () => {
    it('lets only the creator delete; the items stay in the archive, in no album', async () => {
      const album = await createAlbum(creator, { name: 'To delete' });
      await addMember(album, creator, editor, true).expect(201);
      const photo = await uploadPhoto(stack, editor, 'Survivor');
      await media().post(`/api/albums/${album.id}/media/${photo.id}`).set(editor.headers).expect(200);

      const byEditor = await albums().delete(`/api/albums/${album.id}`).set(editor.headers).expect(403);
      expect(byEditor.body.message).toBe('Only the album creator can delete it');
      const byOutsider = await albums().delete(`/api/albums/${album.id}`).set(outsider.headers).expect(404);
      expect(byOutsider.body.message).toBe(ALBUM_NOT_FOUND);

      const deleted = await albums().delete(`/api/albums/${album.id}`).set(creator.headers).expect(200);
      expect(deleted.body).toEqual({ message: 'Album deleted successfully' });
      await albums().get(`/api/albums/${album.id}`).set(creator.headers).expect(404);
      expect((await detached(outsider, photo.id)).albumId).toBeNull();
      const members = await stack.db.query(`SELECT * FROM albums.album_members WHERE album_id = $1`, [album.id]);
      expect(members).toEqual([]);
    });

    it('deletes an album while the media worker is away; its items are detached, none lost, once it is back', async () => {
      // Albums calls no media route to delete (a job queued in the deletion's transaction): media being away
      // cannot refuse a deletion, and cannot lose its items either.
      const album = await createAlbum(creator, { name: 'Deleted while media is away' });
      const photos = [await uploadPhoto(stack, creator, 'Away one'), await uploadPhoto(stack, creator, 'Away two')];
      for (const photo of photos) {
        await media().post(`/api/albums/${album.id}/media/${photo.id}`).set(creator.headers).expect(200);
      }
      await stack.stopMediaWorker();
      try {
        await albums().delete(`/api/albums/${album.id}`).set(creator.headers).expect(200);
        await albums().get(`/api/albums/${album.id}`).set(creator.headers).expect(404);
        // Not yet detached: the items wait, still their uploader's.
        const [row] = await stack.db.query(`SELECT album_id AS "albumId" FROM media.media_items WHERE id = $1`, [
          photos[0].id,
        ]);
        expect(row.albumId).toBe(album.id);
      } finally {
        await stack.startMediaWorker();
      }
      for (const [index, photo] of photos.entries()) {
        const item = await detached(outsider, photo.id);
        expect(item).toMatchObject({ id: photo.id, title: ['Away one', 'Away two'][index], albumId: null });
      }
    });
  });

  describe('bad input: a sentence, never a 500', () => {
    const BEYOND_INT = '9999999999';
    const TOO_LARGE = 'The id in the address is too large: nothing has an id that big.';

    it('answers 400 for ids beyond what Postgres stores, in the address, the query and the body', async () => {
      const album = await createAlbum(creator, { name: 'Ids' });
      const photo = await uploadPhoto(stack, creator, 'Ids photo');
      for (const call of [
        albums().get(`/api/albums/${BEYOND_INT}`),
        albums().patch(`/api/albums/${BEYOND_INT}`).send({ name: 'x' }),
        albums().delete(`/api/albums/${BEYOND_INT}`),
        albums().delete(`/api/albums/${album.id}/members/${BEYOND_INT}`),
        media().post(`/api/albums/${BEYOND_INT}/media/${photo.id}`),
        media().post(`/api/albums/${album.id}/media/${BEYOND_INT}`),
        media().delete(`/api/albums/${album.id}/media/${BEYOND_INT}`),
      ]) {
        const response = await call.set(creator.headers);
        expect(response.status).toBe(400);
        expect(response.body.message).toBe(TOO_LARGE);
      }
      const list = await albums().get(`/api/albums?userId=${BEYOND_INT}`).set(creator.headers).expect(400);
      expect(list.body.message).toBe('userId must be the id of a person (a whole number)');
      const member = await albums()
        .post(`/api/albums/${album.id}/members`)
        .set(creator.headers)
        .send({ userId: Number(BEYOND_INT) })
        .expect(400);
      expect(member.body.message).toBe('Please select a member');
      await albums().get(`/internal/users/${BEYOND_INT}/album-access`).set(asService('media')).expect(400);
    });

    it('refuses a null name on PATCH, keeping the album as it was', async () => {
      const album = await createAlbum(creator, { name: 'Keeps its name' });
      const response = await albums().patch(`/api/albums/${album.id}`).set(creator.headers).send({ name: null });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('Album name is required');
      const read = await albums().get(`/api/albums/${album.id}`).set(creator.headers).expect(200);
      expect(read.body.name).toBe('Keeps its name');
    });

    it('refuses a name with a null character', async () => {
      const response = await albums().post('/api/albums').set(creator.headers).send({ name: 'Summer\u0000' });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(
        'The text contains a null character (\\u0000), which cannot be stored. Please remove it.',
      );
    });
  });

  describe('internal routes', () => {
    it('answers a person’s album access in one call: visible, editable and created', async () => {
      const person = await addPerson(stack, 410, 'erin', 'Erin');
      const own = await createAlbum(person, { name: 'Erin own' });
      const editable = await createAlbum(creator, { name: 'Erin edits' });
      const member = await createAlbum(creator, { name: 'Erin views' });
      const shared = await createAlbum(creator, { name: 'Erin shared', isShared: true });
      const hidden = await createAlbum(creator, { name: 'Erin hidden' });
      await addMember(editable, creator, person, true).expect(201);
      await addMember(member, creator, person).expect(201);

      const response = await albums()
        .get(`/internal/users/${person.id}/album-access`)
        .set(asService('media'))
        .expect(200);
      expect(response.body.visible).toEqual(expect.arrayContaining([own.id, editable.id, member.id, shared.id]));
      expect(response.body.visible).not.toContain(hidden.id);
      expect(response.body.editable.sort()).toEqual([own.id, editable.id].sort());
      expect(response.body.created).toEqual([own.id]);

      const asPerson = await albums().get(`/internal/users/${person.id}/album-access`).set(asUser(person)).expect(403);
      expect(asPerson.body.message).toBe("This route is only for the archive's own services.");
      await albums().get(`/internal/users/${person.id}/album-access`).expect(403);
    });

    it('purges a deleted account: their albums go (items detached), their memberships go; safe to repeat', async () => {
      const leaving = await addPerson(stack, 420, 'frank', 'Frank');
      const staying = await addPerson(stack, 421, 'gina', 'Gina');
      const theirs = await createAlbum(leaving, { name: 'Frank album', isShared: true });
      const other = await createAlbum(leaving, { name: 'Frank second' });
      const ginas = await createAlbum(staying, { name: 'Gina album' });
      await addMember(theirs, leaving, staying, true).expect(201);
      await addMember(ginas, staying, leaving, true).expect(201);
      const ginasPhoto = await uploadPhoto(stack, staying, "Gina's photo in Frank's album");
      await media().post(`/api/albums/${theirs.id}/media/${ginasPhoto.id}`).set(staying.headers).expect(200);

      await albums().delete(`/internal/users/${leaving.id}`).set(asService('auth')).expect(204);
      await albums().delete(`/internal/users/${leaving.id}`).set(asService('auth')).expect(204);

      for (const id of [theirs.id, other.id]) await albums().get(`/api/albums/${id}`).set(staying.headers).expect(404);
      const kept = await albums().get(`/api/albums/${ginas.id}`).set(staying.headers).expect(200);
      expect(kept.body).toMatchObject({ members: [], memberCount: 1 });
      expect((await detached(staying, ginasPhoto.id)).albumId).toBeNull();
      const access = await albums().get(`/internal/users/${leaving.id}/album-access`).set(asService('media'));
      expect(access.body.created).toEqual([]);
      expect(access.body.editable).toEqual([]);
    });
  });
});
