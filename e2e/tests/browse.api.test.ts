import type { MediaItem, MediaMonth, OnThisDayGroup } from '@family/contract';
import { ApiClient, signUp, type SignedUp } from '../support/api';
import { privateAlbum, uploadMedia } from '../support/media';

/** Today's day and month in an earlier year, as the server (same machine, same time zone) counts days. */
function yearsBack(years: number): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear() - years}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

describe('browsing through the gateway: before=, months, on this day', () => {
  let ann: SignedUp;
  let ben: SignedUp;
  const run = Date.now().toString(36);
  const post = async (person: SignedUp, title: string, mediaDate: string): Promise<MediaItem> =>
    uploadMedia(person.client, { type: 'post', title: `${title} ${run}`, mediaDate, content: 'A few words.' });
  const titles = (items: MediaItem[]) => items.map((item) => item.title.replace(` ${run}`, ''));

  beforeAll(async () => {
    ann = await signUp('brann');
    ben = await signUp('brben');
  });

  it('starts a list at a date and pages on from there; a malformed date is 400 with a sentence', async () => {
    for (const [title, date] of [
      ['Spring', '1972-04-02'],
      ['Late March', '1972-03-30'],
      ['Early March', '1972-03-01'],
      ['Winter', '1971-12-25'],
    ]) {
      await post(ann, title, date);
    }
    const path = `/api/media?userId=${ann.user.id}&uploaded=true&before=1972-04-01&limit=2`;
    const first = await ann.client.get(path);
    expect(first.status).toBe(200);
    expect(titles(first.body.items)).toEqual(['Late March', 'Early March']);
    const rest = await ann.client.get(`${path}&cursor=${first.body.nextCursor}`);
    expect(titles(rest.body.items)).toEqual(['Winter']);
    expect(rest.body.nextCursor).toBeNull();

    for (const bad of ['1972-02-30', '1972-4-1', 'April']) {
      const refused = await ann.client.get(`/api/media?before=${bad}`);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('before must be a calendar date as YYYY-MM-DD, such as 2020-04-01.');
    }
  });

  it('counts the months each person sees, leaving out what they may not see', async () => {
    const albumId = await privateAlbum(ann.client, `Private ${run}`);
    await post(ann, 'Open one', '1968-08-08');
    const hidden = await post(ann, 'Hidden one', '1968-08-09');
    expect((await ann.client.post(`/api/albums/${albumId}/media/${hidden.id}`)).status).toBe(200);
    await post(ann, 'Only hidden month', '1968-09-09').then((item) =>
      ann.client.post(`/api/albums/${albumId}/media/${item.id}`),
    );

    const count = (months: MediaMonth[], month: string) => months.find((row) => row.month === month)?.count;
    const forAnn = (await ann.client.get('/api/media/months')).body as MediaMonth[];
    expect(count(forAnn, '1968-08')).toBe(2);
    expect(count(forAnn, '1968-09')).toBe(1);
    const forBen = (await ben.client.get('/api/media/months')).body as MediaMonth[];
    expect(count(forBen, '1968-08')).toBe(1);
    expect(count(forBen, '1968-09')).toBeUndefined();
    expect(forBen.map((row) => row.month)).toEqual([...forBen.map((row) => row.month)].sort().reverse());

    // Let in, Ben's months change at once (the album's change is announced to media).
    expect((await ann.client.post(`/api/albums/${albumId}/members`, { userId: ben.user.id })).status).toBe(201);
    const later = (await ben.client.get('/api/media/months')).body as MediaMonth[];
    expect(count(later, '1968-08')).toBe(2);
    expect(count(later, '1968-09')).toBe(1);

    expect((await new ApiClient().get('/api/media/months')).status).toBe(401);
    expect((await new ApiClient().get('/api/media/on-this-day')).status).toBe(401);
  });

  it('answers on this day by years ago, with the visibility rule', async () => {
    const one = await post(ben, 'A year ago', yearsBack(1));
    const five = await post(ben, 'Five years ago', yearsBack(5));
    await post(ben, 'Today', yearsBack(0));
    const albumId = await privateAlbum(ben.client, `Ben private ${run}`);
    const secret = await post(ben, 'Secret five years ago', yearsBack(5));
    expect((await ben.client.post(`/api/albums/${albumId}/media/${secret.id}`)).status).toBe(200);

    const mine = (groups: OnThisDayGroup[]) =>
      groups
        .map((group) => ({
          yearsAgo: group.yearsAgo,
          ids: group.items.filter((item) => item.title.endsWith(run)).map((item) => item.id),
        }))
        .filter((group) => group.ids.length > 0);
    const forAnn = await ann.client.get('/api/media/on-this-day');
    expect(forAnn.status).toBe(200);
    expect(mine(forAnn.body)).toEqual([
      { yearsAgo: 1, ids: [one.id] },
      { yearsAgo: 5, ids: [five.id] },
    ]);
    const forBen = mine((await ben.client.get('/api/media/on-this-day')).body);
    expect(forBen).toEqual([
      { yearsAgo: 1, ids: [one.id] },
      { yearsAgo: 5, ids: [secret.id, five.id] },
    ]);
  });
});
