import { spawnSync } from 'node:child_process';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { ImportJob, MediaItem } from '@family/contract';
import { ZIP_BOMB } from '@family/shared/zip';
import { addPerson, type MediaStack, type Person, png, startMediaStack, storedKeys, text } from './support';
import { buildTakeoutZip, damageEntry, person, takeoutContents, type TakeoutSpec } from './support/takeout-zip';

// A takeout ZIP is held to what the upload form and the ZIP reader allow: every imported field within the upload
// route's limits, the whole archive's expansion bounded, archive.json checked as a whole before anything is
// imported, and no temporary copy of the ZIP left behind by any exit, a killed process's included.
describe('takeout import within the upload limits (real services, queue, worker and files)', () => {
  let stack: MediaStack;
  let rosa: Person;
  let leftBehind: string[];
  let ofLiveProcess: string;
  const exporter = person(700, 'rosa-there', 'Rosa');

  // The services run in this process, so their temporary folders carry its id (other test runs may share /tmp).
  const takeoutFolders = async (pid: number) =>
    (await readdir(tmpdir())).filter((name) => name.startsWith(`family-takeout-${hostname()}~${pid}~`));

  beforeAll(async () => {
    // A worker killed mid-import left its copy of a ZIP, as did an earlier run with this very pid (a container
    // restarted); a live process (the one that started this test) is still writing its own.
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    const tag = Math.random().toString(36).slice(2, 8);
    leftBehind = [
      `family-takeout-${hostname()}~${dead}~0badf00d-${tag}`,
      `family-takeout-${hostname()}~${process.pid}~0badf00d-${tag}`,
    ];
    ofLiveProcess = `family-takeout-${hostname()}~${process.ppid}~0badf00d-${tag}`;
    for (const folder of [...leftBehind, ofLiveProcess]) {
      await mkdir(join(tmpdir(), folder));
      await writeFile(join(tmpdir(), folder, 'upload.zip'), Buffer.alloc(1024));
    }
    stack = await startMediaStack({ ownDatabase: true });
    rosa = await addPerson(stack, 701, 'rosa', 'Rosa');
  });

  afterAll(async () => {
    await stack.close();
    for (const folder of [...leftBehind, ofLiveProcess]) {
      await rm(join(tmpdir(), folder), { recursive: true, force: true });
    }
  });

  const send = (zip: Buffer) =>
    request(stack.media.url)
      .post('/api/imports')
      .set(rosa.headers)
      .attach('file', zip, { filename: 'family-archive.zip', contentType: 'application/zip' });

  async function finished(id: number): Promise<ImportJob> {
    const until = Date.now() + 60_000;
    for (;;) {
      const job = (await request(stack.media.url).get(`/api/imports/${id}`).set(rosa.headers).expect(200))
        .body as ImportJob;
      if (job.status !== 'running') return job;
      if (Date.now() > until) throw new Error(`Import ${id} still running`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  const imports = async () =>
    (await request(stack.media.url).get('/api/imports').set(rosa.headers).expect(200)).body as ImportJob[];

  /** Refused at upload with 400 and a sentence; no import, no stored ZIP. */
  async function refused(zip: Buffer): Promise<string> {
    const before = await imports();
    const answer = await send(zip);
    expect({ status: answer.status, message: typeof answer.body.message }).toEqual({
      status: 400,
      message: 'string',
    });
    expect(await imports()).toEqual(before);
    expect((await storedKeys(stack)).filter((key) => key.startsWith('imports/'))).toEqual([]);
    return answer.body.message as string;
  }

  it('keeps every imported field within the upload form’s limits, and reports each item it left out', async () => {
    const spec: TakeoutSpec = {
      archiveId: 'archive-limits',
      exportedBy: exporter,
      people: [{ ...exporter, story: 's'.repeat(20_001) }],
      albums: [{ id: 9, name: `Summer ${'n'.repeat(150)}`, description: 'At home' }],
      items: [
        { media: { id: 1, type: 'post', title: 'Fine post', content: 'Jam', websiteUrl: 'example.org/jam' } },
        { media: { id: 2, type: 'post', title: 'Huge post', content: 'p'.repeat(20_001) } },
        {
          media: { id: 3, type: 'document', title: 'Long', description: 'd'.repeat(5001), originalName: 'a.txt' },
          data: text('A letter\n'),
        },
        { media: { id: 4, type: 'post', title: 'Script', websiteUrl: 'javascript:alert(document.cookie)' } },
        { media: { id: 5, type: 'post', title: 't'.repeat(201) } },
        { media: { id: 6, type: 'post', title: 'No such day', mediaDate: '2020-02-30' } },
        {
          media: { id: 7, type: 'photo', title: 'In the album', originalName: 'p.png', albumId: 9 },
          data: await png('7a7a7a'),
        },
      ],
      memories: [
        { id: 1, title: 'Short', content: 'Kept.', writer: exporter, personId: 700, createdAt: '2020-01-01T00:00:00Z' },
        {
          id: 2,
          title: 'Too long',
          content: 'm'.repeat(20_001),
          writer: exporter,
          personId: 700,
          createdAt: '2020-01-01T00:00:00Z',
        },
      ],
    };
    const answer = await send(await buildTakeoutZip(spec)).expect(202);
    const job = await finished(answer.body.id);
    expect({ status: job.status, error: job.error }).toEqual({ status: 'ready', error: null });
    const refusedBecause = (sentence: string) => `${sentence}: the upload form refuses this, so the item was left out.`;
    expect(job.report).toEqual({
      media: 2,
      albums: 1,
      people: 0,
      tags: 0,
      skipped: expect.arrayContaining([
        { path: 'archive.json: media 2', reason: refusedBecause('Content must be at most 20000 characters') },
        {
          path: expect.stringMatching(/Long \(3\)\.txt$/),
          reason: refusedBecause('Description must be at most 5000 characters'),
        },
        {
          path: 'archive.json: media 4',
          reason: refusedBecause('Please enter a valid website address, like https://example.org'),
        },
        { path: 'archive.json: media 5', reason: refusedBecause('Title must be at most 200 characters') },
        { path: 'archive.json: media 6', reason: refusedBecause('Please enter the date as YYYY-MM-DD') },
        {
          path: 'archive.json: album 9',
          reason:
            'Its name or description was longer than the album form allows (100 and 2,000 characters), so it was cut there.',
        },
        {
          path: 'archive.json: story',
          reason: 'It is longer than the profile keeps (20,000 characters), so it was left out.',
        },
        {
          path: 'archive.json: memory 2',
          reason: 'It is longer than the profile keeps (title 200, text 20,000 characters), so it was left out.',
        },
      ]),
    });
    expect(job.report!.skipped).toHaveLength(8);

    // The gallery shows what came in, each field as the upload route would have kept it.
    const items = (
      await request(stack.media.url).get(`/api/media?userId=${rosa.id}&uploaded=true`).set(rosa.headers).expect(200)
    ).body.items as MediaItem[];
    expect(items.map((item) => item.title).sort()).toEqual(['Fine post', 'In the album']);
    expect(items.find((item) => item.title === 'Fine post')).toMatchObject({
      content: 'Jam',
      website_url: 'https://example.org/jam',
    });
    const albums = (await request(stack.albums.url).get('/api/albums').set(rosa.headers).expect(200)).body;
    expect(albums).toEqual([expect.objectContaining({ name: `Summer ${'n'.repeat(93)}`, description: 'At home' })]);
    expect(items.find((item) => item.title === 'In the album')!.albumId).toBe(albums[0].id);
    expect((await request(stack.profile.url).get('/api/user').set(rosa.headers).expect(200)).body.story).toBeNull();
    const memories = (
      await request(stack.profile.url).get(`/api/memories?userId=${rosa.id}`).set(rosa.headers).expect(200)
    ).body;
    expect(memories.map((memory: { title: string }) => memory.title)).toEqual(['Short']);
  });

  it('refuses a ZIP that unpacks to far more than it holds, counted over all its entries, small ones included', async () => {
    // 40 different documents of exactly 1 MiB each (none over the size a single entry's ratio is checked at).
    const documents = Array.from({ length: 40 }, (_, n) => ({
      media: { id: 100 + n, type: 'document' as const, title: `Notes ${n}`, originalName: `notes-${n}.txt` },
      data: Buffer.from(`Notes ${n}\n`.padEnd(1024 * 1024, 'all well at home. ')),
      compress: true,
    }));
    const zip = await buildTakeoutZip({ archiveId: 'archive-notes', exportedBy: exporter, items: documents });
    expect(zip.length).toBeLessThan(1024 * 1024);
    expect(await refused(zip)).toBe(ZIP_BOMB);
  });

  it('lists at most 1,000 things left out in the report, and says how many more', async () => {
    const stray = Array.from({ length: 1100 }, (_, n) => ({ name: `stray/${n}.txt`, data: Buffer.from(`${n}`) }));
    const answer = await send(
      await buildTakeoutZip({ archiveId: 'archive-stray', exportedBy: exporter, extra: stray }),
    );
    const job = await finished(answer.body.id);
    expect(job.report!.skipped).toHaveLength(1001);
    expect(job.report!.skipped[0]).toEqual({
      path: 'stray/0.txt',
      reason: 'This file is not listed in archive.json, so it was left out.',
    });
    expect(job.report!.skipped[1000]).toEqual({
      path: 'archive.json',
      reason: 'And 100 more things were left out; the first 1,000 are listed.',
    });
  });

  describe('refuses an archive.json with wrongly typed values at once, naming the value', () => {
    const base: TakeoutSpec = {
      archiveId: 'archive-typed',
      exportedBy: exporter,
      albums: [{ id: 1, name: 'Lake' }],
      items: [{ media: { id: 1, type: 'post', title: 'Note', content: 'Hello' } }],
      memories: [
        { id: 1, title: 'Snow', content: 'Deep.', writer: exporter, personId: 700, createdAt: '2020-01-01T00:00:00Z' },
      ],
    };
    const damaged = "The export's archive.json is damaged: ";
    // archive.json as parsed JSON, where any value may be of any type.
    type Parsed = Record<'people' | 'albums' | 'media' | 'memories', (Record<string, unknown> | null)[]>;
    const cases: [string, (manifest: Parsed) => void, string][] = [
      ['a null album member', (m) => (m.albums[0]!.members = [null]), 'albums[0].members[0]'],
      ['a title that is a number', (m) => (m.media[0]!.title = 42), 'media[0].title must be a string'],
      ['a null person', (m) => m.people.push(null), 'people[1]'],
      ['a memory without a writer', (m) => (m.memories[0]!.writer = null), 'memories[0].writer'],
      ['an item listed twice', (m) => m.media.push({ ...m.media[0] }), 'media must not name the same id twice'],
      ['tags that are no list', (m) => (m.media[0]!.tags = 'everyone'), 'media[0].tags'],
      [
        'a null character in a description',
        (m) => (m.media[0]!.description = 'a\u0000b'),
        'The text contains a null character',
      ],
    ];
    it.each(cases)('%s', async (_name, breakIt, named) => {
      const { manifest } = takeoutContents(base);
      breakIt(manifest as unknown as Parsed);
      const message = await refused(await buildTakeoutZip(base, { manifestText: JSON.stringify(manifest) }));
      expect(message.startsWith(damaged)).toBe(true);
      expect(message).toContain(named);
    });
  });

  it('leaves no temporary copy of a ZIP behind, and removes those a killed process left', async () => {
    // Refused at upload, failed while reading, and done: nothing of them stays.
    await refused(await buildTakeoutZip({ exportedBy: exporter }, { manifestText: '{"format":"other"}' }));
    const spec: TakeoutSpec = {
      archiveId: 'archive-damaged',
      exportedBy: exporter,
      items: [
        {
          media: { id: 1, type: 'document', title: 'Broken', originalName: 'broken.txt' },
          data: Buffer.from('All work and no play makes a dull archive. '.repeat(400)),
          compress: true,
        },
      ],
    };
    const zip = damageEntry(await buildTakeoutZip(spec), 'media/2020/2020-05-17 Broken (1).txt');
    const failed = await finished((await send(zip).expect(202)).body.id);
    expect(failed.status).toBe('failed');
    const done = await finished((await send(await buildTakeoutZip({ exportedBy: exporter })).expect(202)).body.id);
    expect(done.status).toBe('ready');
    // What ended runs left went when the service and its worker started; the live process's copy is still its own.
    expect(await takeoutFolders(process.pid)).toEqual([]);
    const left = await readdir(tmpdir());
    expect(leftBehind.filter((folder) => left.includes(folder))).toEqual([]);
    expect(left).toContain(ofLiveProcess);
  });
});
