import type { BulkResult, MediaDateHint, MediaItem, MediaPage, MediaPlace } from '@family/contract';
import sharp from 'sharp';
import { registerPerson, type Person } from '../support/api';
import { jpeg, privateAlbum, uploadMedia, waitPrepared } from '../support/media';

/** docs/api.md "Uncertain dates": items dated "ABT 1955", listed at the middle, found by years, dated many at once. */
describe('old photos through the API: uncertain dates', () => {
  const run = Date.now().toString(36);
  let rose: Person;
  let tom: Person;
  let album: number;
  let scan: MediaItem;
  let early: MediaItem;
  let late: MediaItem;
  let anna: number;

  const titles = (page: MediaPage) => page.items.map((item) => item.title);
  const list = async (person: Person, query: string) => {
    const response = await person.client.get<MediaPage>(`/api/media?q=${run}&${query}`);
    expect(response.status).toBe(200);
    return titles(response.body);
  };

  beforeAll(async () => {
    rose = await registerPerson('drose', `Rose ${run}`);
    tom = await registerPerson('dtom', `Tom ${run}`);
    album = await privateAlbum(rose.client, `Shoebox ${run}`);
    const upload = async (title: string, mediaDate: string, shade: number) =>
      (await uploadMedia(
        rose.client,
        { type: 'photo', title: `${title} ${run}`, mediaDate, albumId: String(album) },
        { bytes: await jpeg(shade), name: `${title}.jpg`, type: 'image/jpeg' },
      )) as MediaItem;
    early = await upload('Garden', '1954-06-01', 10);
    scan = await upload('Scan', '2026-11-20', 60);
    late = await upload('Wedding', '1956-06-01', 110);
    const person = await rose.client.post<{ id: number }>('/api/people', {
      givenName: 'Anna',
      surname: `Kowal ${run}`,
      birth: { date: 'ABT 1958', place: null },
    });
    expect(person.status).toBe(201);
    anna = person.body.id;
  }, 60_000);

  it('dates a scan "ABT 1955": the middle of 1955 for old clients, the words for new ones', async () => {
    const patched = await rose.client.patch<MediaItem>(`/api/media/${scan.id}`, { mediaDateText: 'about 1955' });
    expect(patched.status).toBe(200);
    expect(patched.body.mediaDate).toBe('1955-07-02');
    expect(patched.body.mediaDateText).toBe('ABT 1955');
    expect(early.mediaDateText).toBeNull();
  });

  it('lists it between the 1954 and the 1956 photos, and finds it by years that overlap its span', async () => {
    expect(await list(rose, `albumId=${album}`)).toEqual([late.title, `Scan ${run}`, early.title]);
    expect(await list(rose, 'from=1950&to=1959')).toEqual([late.title, `Scan ${run}`, early.title]);
    expect(await list(rose, 'from=1955&to=1955')).toEqual([`Scan ${run}`]);
    expect(await list(rose, 'from=1956')).toEqual([late.title]);
    expect(await list(rose, 'to=1954')).toEqual([early.title]);
    expect(await list(rose, 'from=1960&to=1969')).toEqual([]);
  });

  it('sets an exact day again, dropping the uncertain date', async () => {
    const exact = await rose.client.patch<MediaItem>(`/api/media/${early.id}`, { mediaDateText: '3 JUN 1954' });
    expect(exact.body).toMatchObject({ mediaDate: '1954-06-03', mediaDateText: null });
    const old = await rose.client.patch<MediaItem>(`/api/media/${early.id}`, { mediaDate: '1954-06-01' });
    expect(old.body).toMatchObject({ mediaDate: '1954-06-01', mediaDateText: null });
  });

  it('refuses a date that is no date, and years the wrong way round, with a sentence', async () => {
    const bad = await rose.client.patch(`/api/media/${scan.id}`, { mediaDateText: 'sometime' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^"sometime" is not a date/);
    const both = await rose.client.patch(`/api/media/${scan.id}`, { mediaDate: '1955-01-01', mediaDateText: '1950s' });
    expect(both.status).toBe(400);
    const backwards = await rose.client.get(`/api/media?from=1960&to=1950`);
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toBe('from (1960) must not be after to (1950).');
    const notYear = await rose.client.get(`/api/media?from=fifties`);
    expect(notYear.status).toBe(400);
    expect(notYear.body.message).toBe('from must be a year from 1000 to 9999, such as 1950.');
    const bulkBad = await rose.client.post('/api/media/bulk', { action: 'setDate', ids: [scan.id], date: 'soon' });
    expect(bulkBad.status).toBe(400);
    expect(bulkBad.body.message).toMatch(/^"soon" is not a date/);
  });

  it('dates many items at once from the selection; what one cannot see is "not found"', async () => {
    const tomsAlbum = await privateAlbum(tom.client, `Tom's ${run}`);
    const toms = (await uploadMedia(tom.client, {
      type: 'post',
      title: `Tom's note ${run}`,
      content: 'Private.',
      albumId: String(tomsAlbum),
    })) as MediaItem;
    const ids = [early.id, scan.id, late.id, toms.id];
    const bulk = await rose.client.post<BulkResult>('/api/media/bulk', { action: 'setDate', ids, date: '1950s' });
    expect(bulk.status).toBe(200);
    expect(bulk.body).toEqual({ done: [early.id, scan.id, late.id], skipped: [{ id: toms.id, reason: 'not found' }] });
    const page = (await rose.client.get<MediaPage>(`/api/media?albumId=${album}`)).body;
    expect(page.items.map((item) => [item.mediaDate, item.mediaDateText])).toEqual([
      ['1954-12-31', 'BET 1950 AND 1959'],
      ['1954-12-31', 'BET 1950 AND 1959'],
      ['1954-12-31', 'BET 1950 AND 1959'],
    ]);
    const tomsNote = (await tom.client.get<MediaItem>(`/api/media/${toms.id}`)).body;
    expect(tomsNote.mediaDateText).toBeNull();
    await rose.client.patch(`/api/media/${scan.id}`, { mediaDateText: 'ABT 1955' });
  });

  it('hints from the lives of the people tagged in it: after the birth of the youngest', async () => {
    const empty = await rose.client.get<MediaDateHint>(`/api/media/${scan.id}/date-hint`);
    expect(empty.body).toEqual({ after: null, before: null });
    expect((await rose.client.post(`/api/media/${scan.id}/tags`, { userId: anna })).status).toBe(201);
    expect((await rose.client.post(`/api/media/${scan.id}/tags`, { userId: rose.id })).status).toBe(201);
    const hint = await rose.client.get<MediaDateHint>(`/api/media/${scan.id}/date-hint`);
    expect(hint.status).toBe(200);
    expect(hint.body).toEqual({
      after: {
        day: '1958-01-01',
        year: 'about 1958',
        person: expect.objectContaining({ id: anna, displayName: `Anna Kowal ${run}` }),
      },
      before: null,
    });
  });

  it('a member who cannot see the items finds them by none of these', async () => {
    expect(await list(tom, 'from=1950&to=1959')).toEqual([]);
    expect(await list(tom, 'from=1955&to=1955')).toEqual([]);
    expect((await tom.client.get(`/api/media/${scan.id}/date-hint`)).status).toBe(404);
    expect((await tom.client.patch(`/api/media/${scan.id}`, { mediaDateText: '1960s' })).status).toBe(404);
    const bulk = await tom.client.post<BulkResult>('/api/media/bulk', {
      action: 'setDate',
      ids: [scan.id],
      date: '1960s',
    });
    expect(bulk.body).toEqual({ done: [], skipped: [{ id: scan.id, reason: 'not found' }] });
  });
});

/** docs/api.md "Places": a photo's GPS becomes a place name offline, searched with `place`, written by a person. */
describe('old photos through the API: places', () => {
  const run = Date.now().toString(36);
  let rose: Person;
  let tom: Person;
  let album: number;

  const search = async (person: Person, place: string) => {
    const response = await person.client.get<MediaPage>(`/api/media?q=${run}&place=${encodeURIComponent(place)}`);
    expect(response.status).toBe(200);
    return titles(response.body);
  };
  const titles = (page: MediaPage) => page.items.map((item) => item.title);
  const photo = async (title: string, shade: number, gps?: { latitude: number; longitude: number }) => {
    const bytes = await jpeg(shade, { gps });
    const item = (await uploadMedia(
      rose.client,
      { type: 'photo', title: `${title} ${run}`, albumId: String(album) },
      { bytes, name: `${title}.jpg`, type: 'image/jpeg' },
    )) as MediaItem;
    return { item: (await waitPrepared(rose.client, item.id)) as MediaItem, bytes };
  };

  beforeAll(async () => {
    rose = await registerPerson('prose', `Rose ${run}`);
    tom = await registerPerson('ptom', `Tom ${run}`);
    album = await privateAlbum(rose.client, `Travels ${run}`);
  }, 60_000);

  it('names the city a photo was taken in from its GPS, keeps the GPS in the original only, and finds it by place', async () => {
    const { item: tower, bytes } = await photo('Tower', 20, { latitude: 48.8584, longitude: 2.2945 });
    expect(tower.place).toBe('Paris, France');
    const fetched = await fetch(`${rose.client.base}/api/media/${tower.id}/file`, {
      headers: { cookie: rose.client.cookie },
    });
    expect(Buffer.from(await fetched.arrayBuffer()).equals(bytes)).toBe(true);
    const preview = await fetch(`${rose.client.base}/api/media/${tower.id}/preview`, {
      headers: { cookie: rose.client.cookie },
    });
    expect((await sharp(Buffer.from(await preview.arrayBuffer())).metadata()).exif).toBeUndefined();

    const { item: lost } = await photo('Nowhere', 80, { latitude: 95, longitude: 2.2945 });
    expect(lost.processing).toBe('ready');
    expect(lost.place).toBeNull();
    const { item: plain } = await photo('Plain', 140);
    expect(plain.place).toBeNull();

    expect(await search(rose, 'Paris')).toEqual([tower.title]);
    expect(await search(rose, 'france')).toEqual([tower.title]);
    expect(await search(rose, 'Berlin')).toEqual([]);
  });

  it('takes a place written by a person, clears it, and shows none of it to a member who cannot see the item', async () => {
    const { item } = await photo('Market', 200);
    const written = await rose.client.patch<MediaItem>(`/api/media/${item.id}`, { place: '  Kraków, Poland ' });
    expect(written.status).toBe(200);
    expect(written.body.place).toBe('Kraków, Poland');
    expect(await search(rose, 'krak')).toEqual([item.title]);
    const tooLong = await rose.client.patch(`/api/media/${item.id}`, { place: 'x'.repeat(201) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe('A place must be at most 200 characters');

    expect(await search(tom, 'Paris')).toEqual([]);
    expect(await search(tom, 'krak')).toEqual([]);
    // The map's places count only what one sees: Rose's photo from Svalbard is on her map, not on Tom's.
    await photo('Svalbard', 250, { latitude: 78.2232, longitude: 15.6267 });
    const arctic = 'Longyearbyen, Svalbard & Jan Mayen';
    const rosePlaces = (await rose.client.get<MediaPlace[]>('/api/media/places')).body;
    expect(rosePlaces.find((entry) => entry.place === arctic)).toMatchObject({ count: 1 });
    expect(rosePlaces.find((entry) => entry.place === arctic)?.latitude).toBeCloseTo(78.2232, 3);
    const tomsPlaces = (await tom.client.get<MediaPlace[]>('/api/media/places')).body;
    expect(tomsPlaces.find((entry) => entry.place === arctic)).toBeUndefined();
    expect((await tom.client.patch(`/api/media/${item.id}`, { place: 'Paris' })).status).toBe(404);

    const cleared = await rose.client.patch<MediaItem>(`/api/media/${item.id}`, { place: '' });
    expect(cleared.body.place).toBeNull();
    expect(await search(rose, 'krak')).toEqual([]);
  });
});
