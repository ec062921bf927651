import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import type { ExportJob, ImportJob } from '@family/contract';
import {
  addPerson,
  binary,
  createScratchDatabase,
  jpegWithExif,
  type MediaStack,
  pdf,
  type Person,
  png,
  startMediaStack,
  text,
  upload,
  waitPrepared,
  wav,
} from './support';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** An item as both archives show it, with what its original's download says: the fields the round trip keeps. */
interface Kept {
  type: string;
  title: string;
  description: string | null;
  mediaDate: string | null;
  content: string | null;
  websiteUrl: string | null;
  originalName: string | null;
  contentType: string | null;
  sizeBytes: number | null;
  sha256: string | null;
  album: string | null;
  tags: string[];
}

interface Item {
  id: number;
  type: string;
  title: string;
  description: string | null;
  mediaDate: string | null;
  content: string | null;
  website_url: string | null;
  originalName: string | null;
  sizeBytes: number | null;
  url: string | null;
  albumId: number | null;
  tags: { userId: number; user: { username: string; displayName: string } }[];
}

interface AlbumShape {
  id: number;
  name: string;
  description: string | null;
  isShared: boolean;
  members: { canEdit: boolean; user: { username: string } }[];
}

async function waitFor<T extends { status: string }>(read: () => Promise<T>, what: string, ms = 120_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const job = await read();
    if (job.status !== 'running') return job;
    if (Date.now() > until) throw new Error(`${what} still running after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Every item the member sees in one archive, with each original downloaded and hashed, keyed by title. */
async function keptItems(stack: MediaStack, who: Person): Promise<Map<string, Kept>> {
  const media = () => request(stack.media.url);
  const items = (await media().get('/api/media?limit=200').set(who.headers).expect(200)).body.items as Item[];
  const albums = (await request(stack.albums.url).get('/api/albums').set(who.headers).expect(200)).body as AlbumShape[];
  const albumName = new Map(albums.map((album) => [album.id, album.name]));
  const kept = new Map<string, Kept>();
  for (const listed of items) {
    const item = (await media().get(`/api/media/${listed.id}`).set(who.headers).expect(200)).body as Item;
    const file = item.url
      ? await media().get(`/api/media/${item.id}/file`).set(who.headers).buffer(true).parse(binary).expect(200)
      : null;
    kept.set(item.title, {
      type: item.type,
      title: item.title,
      description: item.description,
      mediaDate: item.mediaDate,
      content: item.content,
      websiteUrl: item.website_url,
      originalName: item.originalName,
      contentType: file ? String(file.headers['content-type']).split(';')[0]! : null,
      sizeBytes: item.sizeBytes,
      sha256: file ? sha256(file.body as Buffer) : null,
      album: item.albumId === null ? null : (albumName.get(item.albumId) ?? `unseen album ${item.albumId}`),
      // Members by username, people without an account by name: ids differ between archives.
      tags: item.tags.map((tag) => tag.user.username || tag.user.displayName).sort(),
    });
  }
  return kept;
}

async function albumsOf(stack: MediaStack, who: Person) {
  const albums = (await request(stack.albums.url).get('/api/albums').set(who.headers).expect(200)).body as AlbumShape[];
  const shapes = [];
  for (const album of albums) {
    const items = (
      await request(stack.media.url).get(`/api/media?albumId=${album.id}&limit=200`).set(who.headers).expect(200)
    ).body.items as Item[];
    shapes.push({
      name: album.name,
      description: album.description,
      isShared: album.isShared,
      members: album.members.map((member) => ({ username: member.user.username, canEdit: member.canEdit })),
      items: items.map((item) => item.title).sort(),
    });
  }
  return shapes.sort((a, b) => a.name.localeCompare(b.name));
}

async function profileOf(stack: MediaStack, who: Person) {
  const user = (await request(stack.profile.url).get('/api/user').set(who.headers).expect(200)).body;
  const memories = (await request(stack.profile.url).get(`/api/memories?userId=${who.id}`).set(who.headers).expect(200))
    .body as { title: string; content: string; createdAt: string }[];
  return {
    story: user.story as string | null,
    // In the order the profile shows them (newest first), with when each was written.
    memories: memories.map(({ title, content, createdAt }) => ({ title, content, createdAt })),
  };
}

interface ListedPerson {
  id: number;
  displayName: string;
  givenName: string | null;
  surname: string | null;
  sex: string;
  living: boolean;
  birth: { date: string | null; place: string | null } | null;
  death: { date: string | null; place: string | null } | null;
}

async function personNamed(stack: MediaStack, who: Person, q: string): Promise<ListedPerson[]> {
  return (
    await request(stack.profile.url)
      .get(`/api/people?q=${encodeURIComponent(q)}`)
      .set(who.headers)
      .expect(200)
  ).body.items as ListedPerson[];
}

const counts = async (stack: MediaStack) => {
  const [media] = await stack.db.query(`SELECT count(*)::int AS n FROM media.media_items`);
  const [tags] = await stack.db.query(`SELECT count(*)::int AS n FROM media.media_tags`);
  const [albums] = await stack.albums.app.get(DataSource).query(`SELECT count(*)::int AS n FROM albums.albums`);
  const [members] = await stack.albums.app.get(DataSource).query(`SELECT count(*)::int AS n FROM albums.album_members`);
  return { media: media.n, tags: tags.n, albums: albums.n, albumMembers: members.n };
};

// Archive A exports a member's archive; archive B, on its own fresh database and storage folder, imports that
// very ZIP; then both archives are read through their APIs and compared (docs/api.md "Takeout",
// "Import of an export").
describe('takeout round trip: export from one archive, import into a fresh one', () => {
  let a: MediaStack;
  let b: MediaStack;
  let first: { url: string; drop(): Promise<void> };
  let scratch: { url: string; drop(): Promise<void> };
  let olgaA: Person;
  let ivanA: Person;
  let olgaB: Person;
  let ivanB: Person;
  let martaId: number;
  let zip: Buffer;

  beforeAll(async () => {
    // A has a database of its own too, so what other specs left in the run's database stays out of its exports.
    first = await createScratchDatabase();
    a = await startMediaStack({ family: true, databaseUrl: first.url });
    scratch = await createScratchDatabase();
    b = await startMediaStack({ family: true, databaseUrl: scratch.url });
    olgaA = await addPerson(a, 901, 'olga', 'Olga Wiśniewska');
    ivanA = await addPerson(a, 902, 'ivan', 'Ivan');
    // Other ids in B: only usernames and names carry over.
    olgaB = await addPerson(b, 501, 'olga', 'Olga W.');
    ivanB = await addPerson(b, 502, 'ivan', 'Ivan B.');
  }, 120_000);

  afterAll(async () => {
    await b?.close();
    await a?.close();
    await scratch?.drop();
    await first?.drop();
  });

  it('builds a realistic archive in A and exports it as a ZIP', async () => {
    const media = () => request(a.media.url);
    // Marta, Olga's mother without an account, with her dates, and her husband Jan.
    const marta = (
      await request(a.profile.url)
        .post('/api/people')
        .set(olgaA.headers)
        .send({
          givenName: 'Marta',
          surname: 'Kowalska',
          sex: 'F',
          birth: { date: '12 MAR 1921', place: 'Kraków' },
          death: { date: 'ABT 1999', place: 'Gdańsk' },
          story: 'She baked bread every morning.\nShe sang in the choir.',
        })
        .expect(201)
    ).body as ListedPerson;
    martaId = marta.id;
    const jan = (
      await request(a.profile.url)
        .post('/api/people')
        .set(olgaA.headers)
        .send({ givenName: 'Jan', surname: 'Kowalski', sex: 'M', birth: { date: '1919', place: null } })
        .expect(201)
    ).body as ListedPerson;
    await request(a.family!.url)
      .post('/api/family')
      .set(olgaA.headers)
      .send({ toUserId: marta.id, relationType: 'parent' })
      .expect(201);
    await request(a.family!.url)
      .post('/api/family')
      .set(olgaA.headers)
      .send({ fromUserId: marta.id, toUserId: jan.id, relationType: 'spouse' })
      .expect(201);
    // Ivan, a member in both archives, is Olga's son.
    await request(a.family!.url)
      .post('/api/family')
      .set(olgaA.headers)
      .send({ toUserId: ivanA.id, relationType: 'child' })
      .expect(201);

    const shared = (
      await request(a.albums.url)
        .post('/api/albums')
        .set(olgaA.headers)
        .send({ name: 'Summer 1987', description: 'Everyone at the lake', isShared: true })
        .expect(201)
    ).body;
    const privateAlbum = (
      await request(a.albums.url)
        .post('/api/albums')
        .set(olgaA.headers)
        .send({ name: 'Letters', description: 'Only for Ivan and me' })
        .expect(201)
    ).body;
    await request(a.albums.url)
      .post(`/api/albums/${privateAlbum.id}/members`)
      .set(olgaA.headers)
      .send({ userId: ivanA.id, canEdit: true })
      .expect(201);

    const uploads: [Record<string, string>, { buffer: Buffer; filename: string; contentType?: string } | undefined][] =
      [
        [
          {
            type: 'photo',
            title: 'Lake, 1987',
            description: 'Mother and Ivan on the pier',
            mediaDate: '1987-06-01',
            albumId: String(shared.id),
          },
          {
            buffer: await jpegWithExif('1987:06:01 12:00:00', 'aa1111'),
            filename: 'IMG_0001.JPG',
            contentType: 'image/jpeg',
          },
        ],
        // Dated by its EXIF alone, and a note with no date at all (the day it was added).
        [
          { type: 'photo', title: 'Picnic' },
          {
            buffer: await jpegWithExif('1979:08:12 15:00:00', 'ee5555'),
            filename: 'picnic.jpeg',
            contentType: 'image/jpeg',
          },
        ],
        [
          { type: 'document', title: 'Recipe card', description: 'In Grandma’s hand' },
          { buffer: text('Żurek: sourdough rye, sausage, egg.\n'), filename: 'żurek.txt', contentType: 'text/plain' },
        ],
        [
          { type: 'photo', title: 'Garden', mediaDate: '1990-05-20', albumId: String(shared.id) },
          { buffer: await png('bb2222'), filename: 'garden scan.png', contentType: 'image/png' },
        ],
        [
          { type: 'video', title: 'First steps', description: 'Ivan walks', mediaDate: '1992-03-03' },
          {
            buffer: fs.readFileSync(path.join(__dirname, 'fixtures', 'clip.mp4')),
            filename: 'first steps.mp4',
            contentType: 'video/mp4',
          },
        ],
        [
          { type: 'audio', title: 'Grandma sings', mediaDate: '1995-12-24' },
          { buffer: wav(1, 7), filename: 'kolęda.wav', contentType: 'audio/wav' },
        ],
        [
          {
            type: 'document',
            title: 'Letter from Kraków',
            description: 'Written after the war',
            mediaDate: '1946-02-01',
            albumId: String(privateAlbum.id),
          },
          { buffer: pdf('letter'), filename: 'letter.pdf', contentType: 'application/pdf' },
        ],
        [
          {
            type: 'post',
            title: 'Pierogi recipe',
            content: 'Flour, water, potatoes, twaróg.\n\nKnead with love.',
            websiteUrl: 'https://example.org/pierogi',
            mediaDate: '2001-03-03',
          },
          undefined,
        ],
        [
          { type: 'post', title: 'The old house', content: 'Where we spent every summer.', mediaDate: '1985-08-15' },
          { buffer: await png('cc3333'), filename: 'house.png', contentType: 'image/png' },
        ],
      ];
    const ids: Record<string, number> = {};
    for (const [fields, file] of uploads) {
      const made = await upload(a, olgaA, fields, file).expect(201);
      ids[fields.title!] = made.body.id;
    }
    for (const [title, userId] of [
      ['Lake, 1987', ivanA.id],
      ['Lake, 1987', marta.id],
      ['First steps', ivanA.id],
      ['Letter from Kraków', marta.id],
    ] as const) {
      await media().post(`/api/media/${ids[title]}/tags`).set(olgaA.headers).send({ userId }).expect(201);
    }
    for (const id of Object.values(ids)) await waitPrepared(a, olgaA, id);

    await request(a.profile.url)
      .post('/api/users/story')
      .set(olgaA.headers)
      .send({ story: 'I grew up in Kraków, by the Vistula.' })
      .expect(200);
    for (const memory of [
      { title: 'First day of school', content: 'I cried, then I laughed.' },
      { title: 'The flood', content: 'Water up to the second step.' },
      { title: 'Mother’s hands', content: 'She always smelled of bread.', personId: marta.id },
    ]) {
      await request(a.profile.url).post('/api/memories').set(olgaA.headers).send(memory).expect(201);
    }
    // Written over the years (as a GEDCOM or earlier import brings them): the dates are part of the memory.
    const profileDb = a.profile.app.get(DataSource);
    await profileDb.query(
      `UPDATE memories SET created_at = '1999-09-01T08:00:00Z' WHERE title = 'First day of school'`,
    );
    await profileDb.query(`UPDATE memories SET created_at = '2010-07-10T18:30:00Z' WHERE title = 'The flood'`);

    const started = await media().post('/api/exports').set(olgaA.headers).send({ scope: 'mine' }).expect(202);
    const job = await waitFor(
      async () =>
        (await media().get(`/api/exports/${started.body.id}`).set(olgaA.headers).expect(200)).body as ExportJob,
      'export',
    );
    expect(job).toMatchObject({ status: 'ready', progress: { done: 9, total: 9 } });
    zip = (await media().get(job.downloadUrl!).set(olgaA.headers).buffer(true).parse(binary).expect(200))
      .body as Buffer;
    expect(zip.length).toBe(job.sizeBytes);
  }, 180_000);

  it('imports the ZIP into B, where every original, field, album, tag, story and memory comes back', async () => {
    const media = () => request(b.media.url);
    const answer = await media()
      .post('/api/imports')
      .set(olgaB.headers)
      .attach('file', zip, { filename: 'Family archive my things.zip', contentType: 'application/zip' })
      .expect(202);
    const job = await waitFor(
      async () =>
        (await media().get(`/api/imports/${answer.body.id}`).set(olgaB.headers).expect(200)).body as ImportJob,
      'import',
    );
    expect(job.error).toBeNull();
    expect(job.status).toBe('ready');
    expect(job.report).toMatchObject({ media: 9, albums: 2, skipped: [] });

    const before = await keptItems(a, olgaA);
    const after = await keptItems(b, olgaB);
    expect(before.size).toBe(9);
    expect(before.get('Picnic')!.mediaDate).toBe('1979-08-12');
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    for (const [title, item] of before) expect({ title, ...after.get(title) }).toEqual({ title, ...item });
    // Every file really is there: photos' originals, a post's image, the video, the sound and the documents.
    expect([...after.values()].filter((item) => item.sha256 !== null)).toHaveLength(8);
    expect(after.get('Lake, 1987')!.tags).toEqual(['Marta Kowalska', 'ivan']);
    // Prepared like uploads: each item ends as it did in A (thumbnails, previews, playback).
    const preparedIn = async (stack: MediaStack, who: Person) => {
      const items = (await request(stack.media.url).get('/api/media?limit=200').set(who.headers).expect(200)).body
        .items as Item[];
      const states: Record<string, string> = {};
      for (const item of items) states[item.title] = (await waitPrepared(stack, who, item.id)).processing;
      return states;
    };
    const preparedA = await preparedIn(a, olgaA);
    expect(new Set(Object.values(preparedA))).toEqual(new Set(['ready']));
    expect(await preparedIn(b, olgaB)).toEqual(preparedA);

    expect(await albumsOf(b, olgaB)).toEqual(await albumsOf(a, olgaA));
    expect(await albumsOf(b, olgaB)).toEqual([
      {
        name: 'Letters',
        description: 'Only for Ivan and me',
        isShared: false,
        members: [{ username: 'ivan', canEdit: true }],
        items: ['Letter from Kraków'],
      },
      {
        name: 'Summer 1987',
        description: 'Everyone at the lake',
        isShared: true,
        members: [],
        items: ['Garden', 'Lake, 1987'],
      },
    ]);
    // Ivan, a member in B too, sees the private album he is a member of.
    const ivanSees = (await request(b.albums.url).get('/api/albums').set(ivanB.headers).expect(200))
      .body as AlbumShape[];
    expect(ivanSees.map((album) => album.name).sort()).toEqual(['Letters', 'Summer 1987']);

    // The story and the memories Olga wrote on her own profile; one on Marta's profile stays behind (docs/api.md
    // "Import of an export": only the exporter's own memories come in).
    const profileA = await profileOf(a, olgaA);
    const profileB = await profileOf(b, olgaB);
    expect(profileB).toEqual(profileA);
    expect(profileB.memories.map((memory) => memory.title)).toEqual(['The flood', 'First day of school']);

    // Marta, tagged, came in from family.ged as a person without an account, with her names and dates.
    const [martaA] = await personNamed(a, olgaA, 'Marta');
    const martasB = await personNamed(b, olgaB, 'Marta');
    expect(martasB).toHaveLength(1);
    const pick = (person: ListedPerson) => ({
      displayName: person.displayName,
      givenName: person.givenName,
      surname: person.surname,
      sex: person.sex,
      living: person.living,
      birth: person.birth,
      death: person.death,
    });
    expect(pick(martasB[0]!)).toEqual(pick(martaA!));
    expect(pick(martaA!)).toMatchObject({ sex: 'F', living: false, death: { date: 'ABT 1999', place: 'Gdańsk' } });
    const storyOf = async (stack: MediaStack, who: Person, id: number) =>
      (await request(stack.profile.url).get(`/api/people/${id}`).set(who.headers).expect(200)).body.story;
    expect(await storyOf(b, olgaB, martasB[0]!.id)).toBe(await storyOf(a, olgaA, martaId));
    // Her husband, untagged, came with the tree as he was.
    const [janA] = await personNamed(a, olgaA, 'Jan Kowalski');
    const jansB = await personNamed(b, olgaB, 'Jan Kowalski');
    expect(jansB.map(pick)).toEqual([pick(janA!)]);
    expect(martaA!.id).toBe(martaId);

    // Her ties came with her, to Olga herself (a member here, found by username) and to Jan; nobody of the export
    // who is a member here became a second, account-less namesake.
    const ties = (await request(b.family!.url).get(`/api/family/${martasB[0]!.id}`).set(olgaB.headers).expect(200))
      .body as { fromUserId: number; toUserId: number; relationType: string; toUser: { displayName: string } }[];
    expect(
      ties
        .filter((tie) => tie.fromUserId === martasB[0]!.id)
        .map((tie) => ({ to: tie.toUser.displayName, relationType: tie.relationType }))
        .sort((x, y) => x.to.localeCompare(y.to)),
    ).toEqual([
      { to: 'Jan Kowalski', relationType: 'spouse' },
      { to: 'Olga W.', relationType: 'child' },
    ]);
    // Olga's own tie to Ivan, both members here, came with the tree too.
    const olgasTies = (await request(b.family!.url).get(`/api/family/${olgaB.id}`).set(olgaB.headers).expect(200))
      .body as { fromUserId: number; toUserId: number; relationType: string }[];
    expect(olgasTies).toContainEqual(
      expect.objectContaining({ fromUserId: olgaB.id, toUserId: ivanB.id, relationType: 'child' }),
    );
    const everyone = (await request(b.profile.url).get('/api/people?limit=200').set(olgaB.headers).expect(200)).body
      .items as (ListedPerson & { username: string | null })[];
    expect(everyone.map((person) => person.username ?? person.displayName).sort()).toEqual([
      'Jan Kowalski',
      'Marta Kowalska',
      'ivan',
      'olga',
    ]);
  }, 180_000);

  it('adds nothing when the same ZIP is imported into B again', async () => {
    const tree = async () => ({
      people: (await request(b.profile.url).get('/api/people?limit=200').set(olgaB.headers).expect(200)).body.items
        .length as number,
      olgasTies: (await request(b.family!.url).get(`/api/family/${olgaB.id}`).set(olgaB.headers).expect(200)).body
        .length as number,
    });
    const before = await counts(b);
    const treeBefore = await tree();
    const profileBefore = await profileOf(b, olgaB);
    const answer = await request(b.media.url)
      .post('/api/imports')
      .set(olgaB.headers)
      .attach('file', zip, { filename: 'Family archive my things.zip', contentType: 'application/zip' })
      .expect(202);
    const job = await waitFor(
      async () =>
        (await request(b.media.url).get(`/api/imports/${answer.body.id}`).set(olgaB.headers).expect(200))
          .body as ImportJob,
      'import',
    );
    expect(job.status).toBe('ready');
    expect(job.report).toMatchObject({ media: 0, albums: 0, tags: 0 });
    expect(await counts(b)).toEqual(before);
    expect(await profileOf(b, olgaB)).toEqual(profileBefore);
    expect(await tree()).toEqual(treeBefore);
    expect(await personNamed(b, olgaB, 'Marta')).toHaveLength(1);
  }, 180_000);

  it('brings a family export of everything Olga sees into a third fresh archive where only she is a member, named otherwise', async () => {
    // Ivan's own things in A: a photo of Olga in his shared album (Olga sees it), and one in his private album.
    const trips = (
      await request(a.albums.url)
        .post('/api/albums')
        .set(ivanA.headers)
        .send({ name: 'Trips', description: 'Ivan on the road', isShared: true })
        .expect(201)
    ).body;
    const hidden = (
      await request(a.albums.url).post('/api/albums').set(ivanA.headers).send({ name: 'Ivan only' }).expect(201)
    ).body;
    const bike = await upload(
      a,
      ivanA,
      {
        type: 'photo',
        title: 'The bike',
        description: 'Olga on my bike',
        mediaDate: '1975-05-05',
        albumId: String(trips.id),
      },
      { buffer: await jpegWithExif(null, 'dd4444'), filename: 'bike.jpg', contentType: 'image/jpeg' },
    ).expect(201);
    await request(a.media.url)
      .post(`/api/media/${bike.body.id}/tags`)
      .set(ivanA.headers)
      .send({ userId: olgaA.id })
      .expect(201);
    await upload(
      a,
      ivanA,
      { type: 'document', title: 'Diary', albumId: String(hidden.id) },
      { buffer: pdf('diary'), filename: 'diary.pdf', contentType: 'application/pdf' },
    ).expect(201);
    await waitPrepared(a, ivanA, bike.body.id);

    const started = await request(a.media.url)
      .post('/api/exports')
      .set(olgaA.headers)
      .send({ scope: 'family' })
      .expect(202);
    const job = await waitFor(
      async () =>
        (await request(a.media.url).get(`/api/exports/${started.body.id}`).set(olgaA.headers).expect(200))
          .body as ExportJob,
      'export',
    );
    expect(job).toMatchObject({ status: 'ready', progress: { done: 10, total: 10 } });
    const familyZip = (
      await request(a.media.url).get(job.downloadUrl!).set(olgaA.headers).buffer(true).parse(binary).expect(200)
    ).body as Buffer;

    const third = await createScratchDatabase();
    const c = await startMediaStack({ family: true, databaseUrl: third.url });
    try {
      // Signed up as Olenka here: the exporter is whoever imports, whatever their username.
      const olgaC = await addPerson(c, 301, 'olenka', 'Olenka');
      const answer = await request(c.media.url)
        .post('/api/imports')
        .set(olgaC.headers)
        .attach('file', familyZip, { filename: 'Family archive everything.zip', contentType: 'application/zip' })
        .expect(202);
      const imported = await waitFor(
        async () =>
          (await request(c.media.url).get(`/api/imports/${answer.body.id}`).set(olgaC.headers).expect(200))
            .body as ImportJob,
        'import',
      );
      expect(imported.status).toBe('ready');
      expect(imported.report).toMatchObject({ media: 10, albums: 3, skipped: [] });

      // Every item Olga sees in A, Ivan's included, byte for byte and field for field; Ivan's private diary stays
      // out. Ivan is no member in C: tagged, he comes from family.ged as a relative named as there.
      const before = await keptItems(a, olgaA);
      const after = await keptItems(c, olgaC);
      expect(before.size).toBe(10);
      expect(before.has('Diary')).toBe(false);
      expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
      for (const [title, item] of before) {
        const here: Record<string, string> = { ivan: 'Ivan', olga: 'olenka' };
        const expected = { ...item, tags: item.tags.map((tag) => here[tag] ?? tag).sort() };
        expect({ title, ...after.get(title) }).toEqual({ title, ...expected });
      }
      // Albums (Ivan's shared one too) are Olga's now; Ivan, no member here, is in none of them (a relative
      // without an account cannot sign in to see one).
      const albumsA = await albumsOf(a, olgaA);
      expect(albumsA.find((album) => album.name === 'Letters')!.members).toEqual([{ username: 'ivan', canEdit: true }]);
      expect(await albumsOf(c, olgaC)).toEqual(albumsA.map((album) => ({ ...album, members: [] })));
      expect(await profileOf(c, olgaC)).toEqual(await profileOf(a, olgaA));

      const everyone = (await request(c.profile.url).get('/api/people?limit=200').set(olgaC.headers).expect(200)).body
        .items as (ListedPerson & { username: string | null; hasAccount: boolean })[];
      expect(everyone.map((person) => [person.username ?? person.displayName, person.hasAccount]).sort()).toEqual([
        ['Ivan', false],
        ['Jan Kowalski', false],
        ['Marta Kowalska', false],
        ['olenka', true],
      ]);
      const marta = everyone.find((person) => person.displayName === 'Marta Kowalska')!;
      const ties = (await request(c.family!.url).get(`/api/family/${marta.id}`).set(olgaC.headers).expect(200))
        .body as { fromUserId: number; toUserId: number; relationType: string }[];
      expect(ties).toContainEqual(
        expect.objectContaining({ fromUserId: marta.id, toUserId: olgaC.id, relationType: 'child' }),
      );
    } finally {
      await c.close();
      await third.drop();
    }
  }, 240_000);
});
