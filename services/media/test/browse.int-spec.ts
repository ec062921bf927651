import request from 'supertest';
import type { MediaItem, MediaMonth, OnThisDayGroup } from '@family/contract';
import { AlbumItemsRepository } from '../src/repositories/album-items.repository';
import { addPerson, type MediaStack, type Person, startMediaStack, upload } from './support';

/** docs/api.md "Browsing": `before=`, months and "On this day", each under the visibility rule. */
describe('browsing (real Postgres, real profile and albums services)', () => {
  let stack: MediaStack;
  let alice: Person;
  let bob: Person;
  let carol: Person;
  const titles = (body: { items: MediaItem[] }) => body.items.map((item) => item.title);
  const get = (person: Person, url: string) => request(stack.media.url).get(url).set(person.headers);

  const post = async (person: Person, title: string, mediaDate: string): Promise<MediaItem> =>
    (await upload(stack, person, { type: 'post', title, mediaDate, content: `About ${title}` }).expect(201))
      .body as MediaItem;

  /** Into an album (9) only its uploader sees: an album only this test knows, so straight into the row. */
  const hideInAlbum = async (item: MediaItem, owner: Person) => {
    expect(item.user.id).toBe(owner.id);
    expect(await stack.media.app.get(AlbumItemsRepository).attachToAlbum(item.id, 9)).toBe(true);
  };

  /** Today in the service's time zone, `years` years back (29 February falls back to the 28th only in tests). */
  const yearsBack = (years: number) => {
    const now = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${now.getFullYear() - years}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  };

  beforeAll(async () => {
    stack = await startMediaStack({ worker: false });
    alice = await addPerson(stack, 1301, 'alice-b', 'Alice');
    bob = await addPerson(stack, 1302, 'bob-b', 'Bob');
    carol = await addPerson(stack, 1303, 'carol-b', 'Carol');
  });

  afterAll(async () => {
    await stack.close();
  });

  describe('before=', () => {
    beforeAll(async () => {
      for (const [title, date] of [
        ['March first', '1951-03-01'],
        ['March last', '1951-03-31'],
        ['April first', '1951-04-01'],
        ['February', '1951-02-14'],
        ['Long ago', '1949-12-24'],
      ]) {
        await post(alice, title, date);
      }
    });

    it('starts at the newest item dated before the day, and goes on older by the cursor', async () => {
      const first = await get(alice, `/api/media?userId=${alice.id}&before=1951-04-01&limit=2`).expect(200);
      expect(titles(first.body)).toEqual(['March last', 'March first']);
      const second = await get(
        alice,
        `/api/media?userId=${alice.id}&before=1951-04-01&limit=2&cursor=${first.body.nextCursor}`,
      ).expect(200);
      expect(titles(second.body)).toEqual(['February', 'Long ago']);
      expect(second.body.nextCursor).toBeNull();

      // With the other filters: a type the dates hold none of, a search.
      expect(titles((await get(alice, `/api/media?before=1951-04-01&type=photo&userId=${alice.id}`)).body)).toEqual([]);
      expect(titles((await get(alice, `/api/media?before=1951-04-02&q=april`).expect(200)).body)).toEqual([
        'April first',
      ]);
      // A date before everything: nothing, and no cursor.
      const none = await get(alice, `/api/media?userId=${alice.id}&before=1900-01-01`).expect(200);
      expect(none.body).toEqual({ items: [], nextCursor: null });
    });

    it('refuses a malformed or impossible date with 400 and a sentence', async () => {
      for (const value of ['1951-13-01', '1951-02-30', '51-03-01', 'yesterday', '1951-03-01T00:00']) {
        const response = await get(alice, `/api/media?before=${encodeURIComponent(value)}`).expect(400);
        expect(response.body.message).toBe('before must be a calendar date as YYYY-MM-DD, such as 2020-04-01.');
      }
      await get(alice, '/api/media?before=').expect(200);
    });
  });

  describe('months', () => {
    let hidden: MediaItem;

    beforeAll(async () => {
      await post(bob, 'Bob in May', '1961-05-03');
      await post(bob, 'Bob in May again', '1961-05-28');
      hidden = await post(bob, 'Bob secret May', '1961-05-20');
      await post(bob, 'Bob in January', '1961-01-09');
      await hideInAlbum(hidden, bob);
    });

    const monthsOf = async (person: Person) =>
      (await get(person, '/api/media/months').expect(200)).body as MediaMonth[];
    const countIn = (months: MediaMonth[], month: string) => months.find((row) => row.month === month)?.count;

    it('counts what each person sees per month, newest month first', async () => {
      const forBob = await monthsOf(bob);
      expect(countIn(forBob, '1961-05')).toBe(3);
      expect(countIn(forBob, '1961-01')).toBe(1);
      expect(forBob.map((row) => row.month)).toEqual([...forBob.map((row) => row.month)].sort().reverse());
      expect(forBob.every((row) => /^\d{4}-\d{2}$/.test(row.month) && row.count > 0)).toBe(true);

      // Alice does not see the item in Bob's album, nor learns of it through a count.
      const forAlice = await monthsOf(alice);
      expect(countIn(forAlice, '1961-05')).toBe(2);
      expect(countIn(forAlice, '1961-02')).toBeUndefined();
    });

    it('follows changes at once: a tag, a new item, a date changed, an item deleted', async () => {
      expect(countIn(await monthsOf(carol), '1961-05')).toBe(2);
      await request(stack.media.url)
        .post(`/api/media/${hidden.id}/tags`)
        .set(bob.headers)
        .send({ userId: carol.id })
        .expect(201);
      expect(countIn(await monthsOf(carol), '1961-05')).toBe(3);

      const moved = await post(carol, 'Carol in June', '1961-06-01');
      expect(countIn(await monthsOf(carol), '1961-06')).toBe(1);
      await request(stack.media.url)
        .patch(`/api/media/${moved.id}`)
        .set(carol.headers)
        .send({ mediaDate: '1961-07-01' })
        .expect(200);
      const afterMove = await monthsOf(alice);
      expect(countIn(afterMove, '1961-06')).toBeUndefined();
      expect(countIn(afterMove, '1961-07')).toBe(1);

      await request(stack.media.url).delete(`/api/media/${moved.id}`).set(carol.headers).expect(204);
      expect(countIn(await monthsOf(alice), '1961-07')).toBeUndefined();
    });

    it('asks for a sign-in without an identity', async () => {
      await request(stack.media.url).get('/api/media/months').expect(401);
      await request(stack.media.url).get('/api/media/on-this-day').expect(401);
    });
  });

  describe('on this day', () => {
    const mine = new Set<number>();
    let secret: MediaItem;

    beforeAll(async () => {
      for (const [title, date] of [
        ['One year ago', yearsBack(1)],
        ['Five years ago', yearsBack(5)],
        ['Five years ago too', yearsBack(5)],
        ['Twenty years ago', yearsBack(20)],
        ['This year', yearsBack(0)],
      ]) {
        mine.add((await post(alice, title, date)).id);
      }
      // Another day entirely: never shown.
      const other = new Date();
      other.setDate(other.getDate() + 2);
      mine.add(
        (
          await post(
            alice,
            'Another day',
            `${other.getFullYear() - 3}-${String(other.getMonth() + 1).padStart(2, '0')}-${String(other.getDate()).padStart(2, '0')}`,
          )
        ).id,
      );
      secret = await post(bob, 'Bob years ago', yearsBack(5));
      mine.add(secret.id);
      await hideInAlbum(secret, bob);
    });

    const groupsOf = async (person: Person) => {
      const groups = (await get(person, '/api/media/on-this-day').expect(200)).body as OnThisDayGroup[];
      return groups
        .map((group) => ({
          yearsAgo: group.yearsAgo,
          titles: group.items.filter((i) => mine.has(i.id)).map((i) => i.title),
        }))
        .filter((group) => group.titles.length > 0);
    };

    it('answers today in earlier years, newest year first, with what the person may see', async () => {
      expect(await groupsOf(alice)).toEqual([
        { yearsAgo: 1, titles: ['One year ago'] },
        { yearsAgo: 5, titles: ['Five years ago too', 'Five years ago'] },
        { yearsAgo: 20, titles: ['Twenty years ago'] },
      ]);
      const forBob = await groupsOf(bob);
      expect(forBob.find((group) => group.yearsAgo === 5)?.titles).toContain('Bob years ago');
    });
  });
});
