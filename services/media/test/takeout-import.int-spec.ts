import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { asService } from '@family/shared/testing';
import type { ImportJob } from '@family/contract';
import { NOT_AN_EXPORT } from '../src/takeout/import/manifest-reader';
import { NOT_A_ZIP } from '../src/takeout/import/takeout-upload.service';
import {
  addPerson,
  binary,
  type MediaStack,
  pdf,
  type Person,
  png,
  startMediaStack,
  storedKeys,
  text,
  waitPrepared,
} from './support';
import {
  buildTakeoutZip,
  damageEntry,
  mediaPath,
  person,
  gedcomOf,
  sha256,
  type TakeoutSpec,
  truncated,
  zipBomb,
  zipClimbingOut,
} from './support/takeout-zip';

// An export's ZIP (made here as the export lays it out) comes into another archive as the member who uploads it:
// items with their files, albums, tags, story and memories; the same ZIP twice adds nothing; a ZIP that is broken
// or not an export is refused with a sentence and leaves nothing behind.
describe('takeout import (real services, queue, worker and files)', () => {
  let stack: MediaStack;
  let irene: Person;
  let ivan: Person;
  let other: Person;

  // In the exporting archive: Olga (who exported) and Ivan, who is a member here too under the same username.
  const olga = person(900, 'olga', 'Olga');
  const ivanThere = person(901, 'Ivan', 'Ivan the elder');
  const ghost = person(902, 'ghost', 'Cousin Ghost');

  let photo: Buffer;
  let letter: Buffer;
  let spec: TakeoutSpec;

  beforeAll(async () => {
    stack = await startMediaStack({ family: true, ownDatabase: true });
    irene = await addPerson(stack, 601, 'irene', 'Irene');
    ivan = await addPerson(stack, 602, 'ivan', 'Ivan');
    other = await addPerson(stack, 603, 'otto', 'Otto');
    photo = await png('a1b2c3');
    letter = pdf('takeout');
    spec = {
      archiveId: 'archive-olga',
      exportedBy: olga,
      people: [{ ...olga, story: 'I grew up by the sea.' }, { ...ivanThere }, { ...ghost }],
      albums: [
        {
          id: 7,
          name: 'Summer 1999',
          description: 'At the lake',
          isShared: false,
          members: [{ person: ivanThere, canEdit: true }],
        },
      ],
      items: [
        {
          media: {
            id: 11,
            type: 'photo',
            title: 'Lake',
            description: 'Everyone at the lake',
            mediaDate: '1999-07-14',
            originalName: 'lake.png',
            albumId: 7,
            tags: [ivanThere, ghost],
          },
          data: photo,
        },
        {
          media: { id: 12, type: 'document', title: 'Letter', mediaDate: '1980-02-01', originalName: 'letter.pdf' },
          data: letter,
        },
        {
          media: {
            id: 13,
            type: 'post',
            title: 'Recipe',
            content: 'Flour and love',
            websiteUrl: 'https://example.org/recipe',
            mediaDate: '2001-03-03',
          },
        },
        {
          media: {
            id: 14,
            type: 'photo',
            title: 'Gone',
            originalName: 'gone.png',
            path: 'media/2020/gone.png',
            sha256: null,
          },
        },
        {
          media: { id: 15, type: 'document', title: 'Bent', originalName: 'bent.txt', sha256: '0'.repeat(64) },
          data: text('A note that was changed on the way\n'),
        },
      ],
      memories: [
        {
          id: 1,
          title: 'First day of school',
          content: 'I cried.',
          writer: olga,
          personId: olga.id,
          createdAt: '2020-01-01T00:00:00.000Z',
        },
        // More than one request body holds (the services take 100 kB): they go in several calls.
        ...Array.from({ length: 60 }, (_, n) => ({
          id: 100 + n,
          title: `Summer ${n}`,
          content: `We swam every day. `.repeat(100),
          writer: olga,
          personId: olga.id,
          createdAt: '2020-01-01T00:00:00.000Z',
        })),
        {
          id: 2,
          title: 'About Ivan',
          content: 'Not mine.',
          writer: ivanThere,
          personId: olga.id,
          createdAt: '2020-01-01T00:00:00.000Z',
        },
      ],
      // Olga, Ivan and Cousin Ghost, who is no member here: the tree brings him in.
      familyGed: gedcomOf('archive-olga', [
        { gedcomXref: '@I900@', givenName: 'Olga', surname: 'Berg' },
        { gedcomXref: '@I901@', givenName: 'Ivan', surname: 'Berg' },
        { gedcomXref: '@I902@', givenName: 'Ghost', surname: 'Berg' },
      ]),
      extra: [{ name: 'stray/notes.txt', data: Buffer.from('not in archive.json') }],
    };
  });

  afterAll(async () => {
    await stack.close();
  });

  const send = (who: Person, zip: Buffer, name = 'family-archive.zip') =>
    request(stack.media.url)
      .post('/api/imports')
      .set(who.headers)
      .attach('file', zip, { filename: name, contentType: 'application/zip' });

  async function finished(who: Person, id: number, ms = 60_000): Promise<ImportJob> {
    const until = Date.now() + ms;
    for (;;) {
      const job = (await request(stack.media.url).get(`/api/imports/${id}`).set(who.headers).expect(200))
        .body as ImportJob;
      if (job.status !== 'running') return job;
      if (Date.now() > until) throw new Error(`Import ${id} still running after ${ms} ms`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  // Their own uploads: the test files share one database, so the gallery also shows other files' items.
  const mine = async (who: Person) =>
    (
      await request(stack.media.url)
        .get(`/api/media?limit=100&userId=${who.id}&uploaded=true`)
        .set(who.headers)
        .expect(200)
    ).body.items as {
      id: number;
      title: string;
      user: { id: number };
    }[];
  const counts = async () => {
    const [media] = await stack.db.query(`SELECT count(*)::int AS n FROM media.media_items`);
    const [albums] = await stack.albums.app.get(DataSource).query(`SELECT count(*)::int AS n FROM albums.albums`);
    return { media: media.n as number, albums: albums.n as number };
  };

  it('restores items with their files, fields, album, tags, story and memories, and reports what it left out', async () => {
    const answer = await send(irene, await buildTakeoutZip(spec)).expect(202);
    expect(answer.body).toMatchObject({ fileName: 'family-archive.zip', status: 'running', report: null });
    const job = await finished(irene, answer.body.id);
    expect(job.status).toBe('ready');
    expect(job.progress.done).toBe(job.progress.total);
    expect(job.report).toMatchObject({ media: 3, albums: 1, people: 2, tags: 2 });
    expect(job.report!.skipped).toEqual(
      expect.arrayContaining([
        { path: 'media/2020/gone.png', reason: 'archive.json names this file, but the ZIP does not hold it.' },
        {
          path: expect.stringMatching(/Bent \(15\)\.txt$/),
          reason: 'Its sha256 does not match archive.json: the file is damaged, so it was left out.',
        },
        { path: 'stray/notes.txt', reason: 'This file is not listed in archive.json, so it was left out.' },
      ]),
    );
    expect(job.report!.skipped).toHaveLength(3);

    const items = await mine(irene);
    const lake = items.find((item) => item.title === 'Lake')!;
    const detail = (await request(stack.media.url).get(`/api/media/${lake.id}`).set(irene.headers).expect(200)).body;
    expect(detail).toMatchObject({
      title: 'Lake',
      description: 'Everyone at the lake',
      mediaDate: '1999-07-14',
      user: { id: irene.id },
    });
    // Ivan by his username; Cousin Ghost, no member here, made from family.ged as a relative.
    expect(detail.tags.map((tag: { user: { displayName: string } }) => tag.user.displayName).sort()).toEqual([
      'Ghost Berg',
      'Ivan',
    ]);
    expect(detail.tags.find((tag: { userId: number }) => tag.userId === ivan.id)).toBeDefined();
    const file = await request(stack.media.url)
      .get(`/api/media/${lake.id}/file`)
      .set(irene.headers)
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(Buffer.compare(file.body, photo)).toBe(0);
    // Stored as an upload is, so the worker prepares it.
    expect((await waitPrepared(stack, irene, lake.id)).processing).toBe('ready');
    const post = items.find((item) => item.title === 'Recipe')!;
    expect(
      (await request(stack.media.url).get(`/api/media/${post.id}`).set(irene.headers).expect(200)).body,
    ).toMatchObject({
      type: 'post',
      content: 'Flour and love',
      website_url: 'https://example.org/recipe',
    });
    expect(items.map((item) => item.title).sort()).toEqual(['Lake', 'Letter', 'Recipe']);

    // The album is Irene's, with Ivan as an editor; Otto, not a member, does not see it.
    const albums = (await request(stack.albums.url).get('/api/albums').set(ivan.headers).expect(200)).body;
    const summer = albums.find((album: { name: string }) => album.name === 'Summer 1999');
    expect(summer).toMatchObject({ description: 'At the lake', isShared: false, creator: { id: irene.id } });
    expect((await request(stack.albums.url).get('/api/albums').set(other.headers).expect(200)).body).toEqual([]);
    expect(detail.albumId).toBe(summer.id);

    // Story and the memory Olga wrote on her own profile, now Irene's.
    const profile = (await request(stack.profile.url).get('/api/user').set(irene.headers).expect(200)).body;
    expect(profile.story).toBe('I grew up by the sea.');
    const memories = (
      await request(stack.profile.url).get(`/api/memories?userId=${irene.id}`).set(irene.headers).expect(200)
    ).body;
    const titles = memories.map((memory: { title: string }) => memory.title);
    expect(titles).toHaveLength(61);
    expect(titles).toEqual(expect.arrayContaining(['First day of school', 'Summer 0', 'Summer 59']));
    expect(titles).not.toContain('About Ivan');
  });

  it('adds nothing when the same ZIP comes again', async () => {
    const before = await counts();
    const answer = await send(irene, await buildTakeoutZip(spec)).expect(202);
    const job = await finished(irene, answer.body.id);
    expect(job.status).toBe('ready');
    expect(job.report).toMatchObject({ media: 0, albums: 0, tags: 0 });
    const people = (await request(stack.profile.url).get('/api/people?q=Ghost').set(irene.headers).expect(200)).body;
    expect(people.items.map((entry: { displayName: string }) => entry.displayName)).toEqual(['Ghost Berg']);
    expect(await counts()).toEqual(before);
    const memories = (
      await request(stack.profile.url).get(`/api/memories?userId=${irene.id}`).set(irene.headers).expect(200)
    ).body;
    expect(memories).toHaveLength(61);
    const list = (await request(stack.media.url).get('/api/imports').set(irene.headers).expect(200))
      .body as ImportJob[];
    expect(list.map((entry) => entry.id)).toEqual([answer.body.id, answer.body.id - 1]);
  });

  it('brings a Live Photo in without its motion when its MOV is damaged, missing or had already, and says so', async () => {
    const lena = await addPerson(stack, 604, 'lena', 'Lena');
    const fixture = (name: string) => readFileSync(path.join(__dirname, 'fixtures', name));
    const still = fixture('live-still.jpg');
    const mov = fixture('live-motion.mov');
    const live = (id: number, title: string) => ({ id, type: 'photo' as const, title, originalName: 'IMG_1.JPG' });
    const movPath = (id: number, title: string) => mediaPath({ id, title }, 'mov');
    const motion = (id: number, title: string) => ({
      path: movPath(id, title),
      sha256: sha256(mov),
      originalName: 'IMG_1.MOV',
      contentType: 'video/quicktime',
      sizeBytes: mov.length,
    });
    const zip = await buildTakeoutZip({
      archiveId: 'archive-live',
      exportedBy: olga,
      items: [
        { media: { id: 4, type: 'video', title: 'The MOV alone', originalName: 'IMG_1.MOV' }, data: mov },
        { media: { ...live(1, 'Damaged'), motion: motion(1, 'Damaged') }, data: still },
        { media: { ...live(2, 'Missing'), motion: motion(2, 'Missing') }, data: await png('0a0b0c') },
        { media: { ...live(3, 'Had already'), motion: motion(3, 'Had already') }, data: await png('0d0e0f') },
      ],
      extra: [
        { name: movPath(1, 'Damaged'), data: Buffer.concat([mov.subarray(0, 100), Buffer.from('x')]) },
        { name: movPath(3, 'Had already'), data: mov },
      ],
    });
    const job = await finished(lena, (await send(lena, zip).expect(202)).body.id);
    expect(job).toMatchObject({ status: 'ready', report: { media: 4 } });
    const without = ' The photo came in without its motion.';
    expect(job.report!.skipped).toEqual([
      {
        path: movPath(1, 'Damaged'),
        reason: `Its sha256 does not match archive.json: the file is damaged.${without}`,
      },
      { path: movPath(2, 'Missing'), reason: `archive.json names this file, but the ZIP does not hold it.${without}` },
      {
        path: movPath(3, 'Had already'),
        reason: `You already have this file in the archive, so it was not added again.${without}`,
      },
    ]);
    for (const item of (await mine(lena)).filter((item) => item.title !== 'The MOV alone')) {
      const detail = await waitPrepared(stack, lena, item.id);
      expect(detail).toMatchObject({ type: 'photo', processing: 'ready', motionOriginalUrl: null, motionUrl: null });
    }
  });

  it('shows an import only to the member who started it', async () => {
    const [latest] = (await request(stack.media.url).get('/api/imports').set(irene.headers).expect(200)).body;
    const refused = await request(stack.media.url).get(`/api/imports/${latest.id}`).set(other.headers).expect(404);
    expect(refused.body.message).toBe('This import was not found.');
    expect((await request(stack.media.url).get('/api/imports').set(other.headers).expect(200)).body).toEqual([]);
  });

  it('answers a form without the file, or not a form at all, with a sentence', async () => {
    const empty = await request(stack.media.url).post('/api/imports').set(other.headers).field('note', 'x').expect(400);
    expect(empty.body.message).toBe('Please choose the .zip file of an export.');
    const json = await request(stack.media.url)
      .post('/api/imports')
      .set(other.headers)
      .set('content-type', 'multipart/form-data; boundary=b1')
      .send('{"type":"photo"}');
    expect(json.status).toBe(400);
    expect(json.body.message).toEqual(expect.any(String));
    const plain = await request(stack.media.url).post('/api/imports').set(other.headers).send({ file: 'x' });
    expect({ status: plain.status, message: plain.body.message }).toEqual({
      status: 400,
      message: 'Please send the export as a form with a file (multipart/form-data).',
    });
  });

  describe('refuses a bad ZIP at once with a sentence, before any job', () => {
    const cases: [string, () => Promise<Buffer>, number, RegExp | string][] = [
      ['a file that is not a ZIP', async () => Buffer.from('name,date\nLake,1999\n'), 415, NOT_A_ZIP],
      ['a ZIP bomb', () => zipBomb({ exportedBy: olga }), 400, /ZIP bomb/],
      [
        'a path that climbs out',
        () => zipClimbingOut({ exportedBy: olga }),
        400,
        /"\.\.\/\.\.\/etc\/passwd", which points outside the ZIP/,
      ],
      ['an absolute path', () => zipClimbingOut({ exportedBy: olga }, '/etc/passwd'), 400, /points outside the ZIP/],
      [
        'a truncated ZIP',
        async () => truncated(await buildTakeoutZip(spec)),
        400,
        /The ZIP is incomplete or damaged|cannot be read/,
      ],
      [
        'a ZIP that is not an export',
        async () => buildTakeoutZip(spec, { manifestText: '{"format":"something-else"}' }),
        400,
        NOT_AN_EXPORT,
      ],
      [
        'a ZIP whose archive.json is not JSON',
        async () => buildTakeoutZip(spec, { manifestText: 'not json' }),
        400,
        NOT_AN_EXPORT,
      ],
    ];
    it.each(cases)('%s', async (_name, make, status, message) => {
      const before = await counts();
      const jobs = (await request(stack.media.url).get('/api/imports').set(other.headers).expect(200)).body;
      const answer = await send(other, await make()).expect(status);
      if (typeof message === 'string') expect(answer.body.message).toBe(message);
      else expect(answer.body.message).toMatch(message);
      expect((await request(stack.media.url).get('/api/imports').set(other.headers).expect(200)).body).toEqual(jobs);
      expect(await counts()).toEqual(before);
      expect((await storedKeys(stack)).filter((key) => key.startsWith('imports/'))).toEqual([]);
    });
  });

  it('fails with a sentence when the ZIP turns out damaged half-way, and takes back everything it made', async () => {
    const damagedSpec: TakeoutSpec = {
      archiveId: 'archive-damaged',
      exportedBy: olga,
      people: [{ ...olga, story: 'Never kept.' }],
      albums: [{ id: 1, name: 'Never kept' }],
      memories: [
        {
          id: 3,
          title: 'Never kept',
          content: '…',
          writer: olga,
          personId: olga.id,
          createdAt: '2020-01-01T00:00:00.000Z',
        },
      ],
      items: [
        {
          media: { id: 21, type: 'photo', title: 'Kept at first', originalName: 'first.png', albumId: 1 },
          data: await png('d4e5f6'),
        },
        {
          media: { id: 22, type: 'document', title: 'Broken', originalName: 'broken.txt' },
          data: Buffer.from('All work and no play makes a dull archive. '.repeat(400)),
          compress: true,
        },
      ],
    };
    const zip = await buildTakeoutZip(damagedSpec);
    const before = await counts();
    const keysBefore = await storedKeys(stack);
    const answer = await send(other, damageEntry(zip, 'media/2020/2020-05-17 Broken (22).txt')).expect(202);
    const job = await finished(other, answer.body.id);
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(
      /^The ZIP is damaged at "media\/2020\/2020-05-17 Broken \(22\)\.txt" \(.+\); nothing was kept\. Export the archive again\.$/,
    );
    expect(job.report).toBeNull();
    expect(await counts()).toEqual(before);
    // A preparing job that ran meanwhile removes what it made once it sees its item gone.
    const until = Date.now() + 15_000;
    while (JSON.stringify(await storedKeys(stack)) !== JSON.stringify(keysBefore) && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(await storedKeys(stack)).toEqual(keysBefore);
    const profile = (await request(stack.profile.url).get('/api/user').set(other.headers).expect(200)).body;
    expect(profile.story).toBeNull();
    expect(
      (await request(stack.profile.url).get(`/api/memories?userId=${other.id}`).set(other.headers).expect(200)).body,
    ).toEqual([]);
  });

  it("fails with the family service's sentence when the export's family.ged is refused, and leaves no files", async () => {
    // The family worker imports the tree as a job; its refusal comes back through the job's answer in storage.
    const refusedSpec: TakeoutSpec = {
      archiveId: 'archive-refused-tree',
      exportedBy: olga,
      people: [{ ...olga }, { ...ghost }],
      albums: [],
      memories: [],
      items: [
        {
          media: { id: 31, type: 'photo', title: 'Ghost alone', originalName: 'ghost.png', tags: [ghost] },
          data: await png('0f1e2d'),
        },
      ],
      familyGed: 'Dear family, this is not our tree after all.\n',
    };
    const before = await counts();
    const keysBefore = await storedKeys(stack);
    const answer = await send(other, await buildTakeoutZip(refusedSpec)).expect(202);
    const job = await finished(other, answer.body.id);
    expect(job.status).toBe('failed');
    expect(job.error).toBe(
      'The family tree of the export was refused: This file is not GEDCOM: choose the .ged file your genealogy ' +
        'program exported, or a ZIP (GEDZIP) holding it.',
    );
    expect(await counts()).toEqual(before);
    const until = Date.now() + 15_000;
    while (JSON.stringify(await storedKeys(stack)) !== JSON.stringify(keysBefore) && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(await storedKeys(stack)).toEqual(keysBefore);
  });

  it("goes with its member's account when the account is deleted", async () => {
    expect(
      (await request(stack.media.url).get('/api/imports').set(other.headers).expect(200)).body.length,
    ).toBeGreaterThan(0);
    await request(stack.media.url).delete(`/internal/users/${other.id}`).set(asService('auth')).expect(204);
    const [{ n }] = await stack.db.query(`SELECT count(*)::int AS n FROM media.takeout_imports WHERE user_id = $1`, [
      other.id,
    ]);
    expect(n).toBe(0);
  });
});
