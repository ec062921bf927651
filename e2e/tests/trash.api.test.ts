import fs from 'node:fs';
import path from 'node:path';
import type { MediaItem, TrashPage } from '@family/contract';
import { ApiClient, signUp, type SignedUp } from '../support/api';
import { png, uploadMedia, waitPrepared } from '../support/media';
import { stack } from '../support/stack';

const NOT_FOUND = "This media item doesn't exist or you don't have permission to view it.";
const NOT_IN_TRASH = 'This item is not in your trash.';

/** The stored objects of one item (its original and everything made of it), as the embedded run keeps them. */
function objectsOf(item: MediaItem, originalKey: string | null): string[] {
  const root = path.join(stack.dataDir, 'objects');
  const found = (fs.readdirSync(root, { recursive: true }) as string[]).filter(
    (entry) => fs.statSync(path.join(root, entry)).isFile() && !entry.startsWith('.tmp'),
  );
  return found.filter((entry) => entry === originalKey || entry.startsWith(`derived${path.sep}${item.id}${path.sep}`));
}

/** Where the item's original is stored: the only file of the upload that is not a derivative. */
function originalKeyOf(before: string[], after: string[]): string {
  const added = after.filter((entry) => !before.includes(entry) && entry.startsWith('media'));
  expect(added).toHaveLength(1);
  return added[0];
}

function allObjects(): string[] {
  const root = path.join(stack.dataDir, 'objects');
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((entry) =>
    fs.statSync(path.join(root, entry)).isFile(),
  );
}

describe('the trash through the gateway', () => {
  let rose: SignedUp;
  let tom: SignedUp;
  let ann: SignedUp;
  let album: number;

  /** A prepared photo, its original's storage key, and its files. */
  async function photo(person: SignedUp, title: string, fields: Record<string, string> = {}) {
    const before = allObjects();
    const created = await uploadMedia(
      person.client,
      { type: 'photo', title, ...fields },
      { bytes: png(), name: `${title}.png`, type: 'image/png' },
    );
    const item = (await waitPrepared(person.client, created.id)) as MediaItem;
    const key = originalKeyOf(before, allObjects());
    return { item, key };
  }

  beforeAll(async () => {
    rose = await signUp('trose');
    tom = await signUp('ttom');
    ann = await signUp('tann');
    // Rose's album, which Tom may add to: as its creator, Rose may delete Tom's items in it.
    const created = await rose.client.post('/api/albums', { name: 'Trash test', isShared: false });
    album = created.body.id;
    expect(
      (await rose.client.post(`/api/albums/${album}/members`, { userId: tom.user.id, canEdit: true })).status,
    ).toBe(201);
    expect(
      (await rose.client.post(`/api/albums/${album}/members`, { userId: ann.user.id, canEdit: false })).status,
    ).toBe(201);
  });

  it('moves a deleted item to the trash: 404 everywhere else, in the trash of its uploader and its deleter', async () => {
    const { item } = await photo(tom, 'Kite', { albumId: String(album) });
    expect((await tom.client.post(`/api/media/${item.id}/tags`, { userId: ann.user.id })).status).toBe(201);

    expect((await rose.client.delete(`/api/media/${item.id}`)).status).toBe(204);

    for (const person of [rose, tom, ann]) {
      const gone = await person.client.get(`/api/media/${item.id}`);
      expect([gone.status, gone.body.message]).toEqual([404, NOT_FOUND]);
      for (const part of ['file', 'thumbnail', 'preview', 'tags']) {
        expect((await person.client.get(`/api/media/${item.id}/${part}`)).status).toBe(404);
      }
      const lists = ['/api/media', `/api/media?albumId=${album}`, `/api/media/tagged?userId=${ann.user.id}`];
      for (const list of lists) {
        expect((await person.client.get(list)).body.items.map((entry: MediaItem) => entry.id)).not.toContain(item.id);
      }
    }
    const albumNow = await ann.client.get(`/api/albums/${album}`);
    expect(albumNow.body.itemCount).toBe(0);

    const roseTrash = (await rose.client.get<TrashPage>('/api/trash')).body;
    expect(roseTrash.items.map((entry) => entry.item.id)).toEqual([item.id]);
    expect(roseTrash.items[0].item).toMatchObject({ title: 'Kite', albumId: album });
    expect((await tom.client.get<TrashPage>('/api/trash')).body.items.map((entry) => entry.item.id)).toEqual([item.id]);
    // Ann is tagged and in the album, but neither uploaded nor deleted it.
    expect((await ann.client.get<TrashPage>('/api/trash')).body).toEqual({ items: [], nextCursor: null });
    const refused = await ann.client.post(`/api/trash/${item.id}/restore`);
    expect([refused.status, refused.body.message]).toEqual([404, NOT_IN_TRASH]);
    expect((await ann.client.delete(`/api/trash/${item.id}`)).status).toBe(404);

    // The card's picture answers from the trash's own address.
    const thumbnail = await fetch(`${tom.client.base}${roseTrash.items[0].item.thumbnailUrl}`, {
      headers: { cookie: tom.client.cookie },
    });
    expect([thumbnail.status, thumbnail.headers.get('content-type')]).toEqual([200, 'image/webp']);
    await thumbnail.arrayBuffer();

    // Tom restores it: back in the album, with Ann's tag, for everyone.
    const restored = await tom.client.post(`/api/trash/${item.id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ id: item.id, albumId: album });
    expect(restored.body.tags.map((tag: { userId: number }) => tag.userId)).toEqual([ann.user.id]);
    expect((await ann.client.get(`/api/media/${item.id}`)).status).toBe(200);
    expect((await ann.client.get(`/api/albums/${album}`)).body.itemCount).toBe(1);
    expect((await rose.client.get<TrashPage>('/api/trash')).body.items).toEqual([]);
  });

  it('deletes for good with every file: one item, or the whole trash', async () => {
    const first = await photo(rose, 'Letter');
    const second = await photo(rose, 'Postcard');
    const third = await photo(rose, 'Ticket');
    for (const { item, key } of [first, second, third]) {
      expect(objectsOf(item, key).length).toBeGreaterThanOrEqual(3);
      expect((await rose.client.delete(`/api/media/${item.id}`)).status).toBe(204);
      // In the trash it keeps its files, so a restore loses nothing.
      expect(objectsOf(item, key).length).toBeGreaterThanOrEqual(3);
    }
    const page = await rose.client.get<TrashPage>('/api/trash?limit=2');
    expect(page.body.items.map((entry) => entry.item.id)).toEqual([third.item.id, second.item.id]);
    const next = await rose.client.get<TrashPage>(`/api/trash?limit=2&cursor=${page.body.nextCursor}`);
    expect(next.body).toMatchObject({ nextCursor: null });
    expect(next.body.items.map((entry) => entry.item.id)).toEqual([first.item.id]);

    expect((await rose.client.delete(`/api/trash/${second.item.id}`)).status).toBe(204);
    expect(objectsOf(second.item, second.key)).toEqual([]);
    expect((await rose.client.post(`/api/trash/${second.item.id}/restore`)).status).toBe(404);

    expect((await rose.client.delete('/api/trash')).status).toBe(204);
    expect((await rose.client.get<TrashPage>('/api/trash')).body.items).toEqual([]);
    expect(objectsOf(first.item, first.key)).toEqual([]);
    expect(objectsOf(third.item, third.key)).toEqual([]);
  });

  it('refuses a bad cursor with a sentence, and asks for a sign-in', async () => {
    const bad = await rose.client.get('/api/trash?cursor=nonsense');
    expect([bad.status, bad.body.message]).toEqual([
      400,
      'The page cursor is not valid. Load the list again from the start.',
    ]);
    expect((await new ApiClient().get('/api/trash')).status).toBe(401);
    for (const [method, template] of [
      ['POST', '/api/trash/:id/restore'],
      ['DELETE', '/api/trash/:id'],
      ['GET', '/api/trash/:id/thumbnail'],
    ]) {
      for (const id of ['abc', '-1', '1.5']) {
        const answer = await rose.client.request(method, template.replace(':id', id));
        expect([answer.status, answer.body.message]).toEqual([400, 'The id in the address must be a whole number.']);
      }
    }
  });

  it('purges the trashed uploads of a deleted account at once', async () => {
    const leaving = await signUp('tleave');
    const { item, key } = await photo(leaving, 'Goodbye');
    expect((await leaving.client.delete(`/api/media/${item.id}`)).status).toBe(204);
    expect((await leaving.client.delete('/api/user')).status).toBe(200);
    expect(objectsOf(item, key)).toEqual([]);
  });
});
