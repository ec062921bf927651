import type { ImportJob, MediaItem } from '@family/contract';
import {
  buildTakeoutZip,
  person,
  type TakeoutSpec,
  zipBomb,
  zipClimbingOut,
  truncated,
} from '../../services/media/test/support/takeout-zip';
import { registerPerson, signUp, type Person, type SignedUp } from '../support/api';
import { png, waitPrepared } from '../support/media';

function zipForm(bytes: Buffer, name = 'family-archive.zip'): FormData {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/zip' }), name);
  return form;
}

/** Sends the ZIP through the gateway and follows the import, as the web app does, until it is ready or failed. */
async function importThroughGateway(me: SignedUp | Person, zip: Buffer): Promise<ImportJob> {
  const started = await me.client.post<ImportJob>('/api/imports', zipForm(zip));
  expect({ status: started.status, body: started.body }).toMatchObject({ status: 202, body: { status: 'running' } });
  for (let tries = 0; tries < 300; tries++) {
    const { status, body } = await me.client.get<ImportJob>(`/api/imports/${started.body.id}`);
    expect(status).toBe(200);
    if (body.status !== 'running') return body;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the import did not finish in a minute');
}

describe('bringing an export in through the gateway', () => {
  let me: SignedUp;
  let cousin: Person;
  let stranger: SignedUp;
  let spec: TakeoutSpec;
  const picture = png([200, 80, 40], 64);

  beforeAll(async () => {
    me = await signUp('importer');
    cousin = await registerPerson('cousin', 'Cousin Vera');
    stranger = await signUp('stranger');
    const exporter = person(50, 'somebody-else', 'The Exporter');
    const vera = person(51, cousin.username.toUpperCase(), 'Vera there');
    spec = {
      archiveId: `e2e-${Date.now()}`,
      exportedBy: exporter,
      people: [{ ...exporter, story: 'Our summers by the lake.' }, { ...vera }],
      albums: [{ id: 3, name: 'Lake house', isShared: false, members: [{ person: vera, canEdit: false }] }],
      items: [
        {
          media: {
            id: 1,
            type: 'photo',
            title: 'Pier',
            description: 'The old pier',
            mediaDate: '1987-08-09',
            originalName: 'pier.png',
            albumId: 3,
            tags: [vera],
          },
          data: picture,
        },
        { media: { id: 2, type: 'post', title: 'Jam', content: 'Plums, sugar, patience.', mediaDate: '1990-09-01' } },
      ],
      memories: [
        {
          id: 1,
          title: 'The storm',
          content: 'Lights out for a night.',
          writer: exporter,
          personId: exporter.id,
          createdAt: '2020-01-01T00:00:00.000Z',
        },
      ],
    };
  });

  it('restores items, album, tags, story and memories as the member; the same ZIP again adds nothing', async () => {
    const job = await importThroughGateway(me, await buildTakeoutZip(spec));
    expect({ status: job.status, error: job.error }).toEqual({ status: 'ready', error: null });
    expect(job.report).toEqual({ media: 2, albums: 1, people: 1, tags: 1, skipped: [] });

    // The member's own new items (the shared test archive's gallery holds many others' newer ones).
    const since = encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString());
    const page = await me.client.get<{ items: MediaItem[] }>(`/api/media?uploadedSince=${since}&limit=60`);
    const pier = page.body.items.find((item) => item.title === 'Pier')!;
    expect(pier).toMatchObject({ description: 'The old pier', mediaDate: '1987-08-09', user: { id: me.user.id } });
    expect(pier.tags.map((tag) => tag.userId)).toEqual([cousin.id]);
    const file = await fetch(`${me.client.base}/api/media/${pier.id}/file`, { headers: { cookie: me.client.cookie } });
    expect(Buffer.compare(Buffer.from(await file.arrayBuffer()), picture)).toBe(0);
    expect((await waitPrepared(me.client, pier.id)).processing).toBe('ready');

    // The album is the member's, and the cousin (matched by username, ignoring case) is in it.
    const albums = await cousin.client.get<{ id: number; name: string; creator: { id: number } }[]>('/api/albums');
    expect(albums.body.find((album) => album.name === 'Lake house')).toMatchObject({ creator: { id: me.user.id } });
    expect((await stranger.client.get('/api/albums')).body.map((album: { name: string }) => album.name)).not.toContain(
      'Lake house',
    );

    const profile = await me.client.get('/api/user');
    expect(profile.body.story).toBe('Our summers by the lake.');
    const memories = await me.client.get(`/api/memories?userId=${me.user.id}`);
    expect(memories.body.map((memory: { title: string }) => memory.title)).toEqual(['The storm']);

    const again = await importThroughGateway(me, await buildTakeoutZip(spec));
    expect(again.report).toEqual({ media: 0, albums: 0, people: 1, tags: 0, skipped: [] });
    // The member's own uploads (other tests' items in no album would crowd a page of the whole gallery).
    const after = (await me.client.get<{ items: MediaItem[] }>(`/api/media?userId=${me.user.id}&uploaded=true`)).body
      .items;
    expect(after.filter((item) => item.user.id === me.user.id)).toHaveLength(2);
    expect((await me.client.get(`/api/memories?userId=${me.user.id}`)).body).toHaveLength(1);

    const mine = await me.client.get<ImportJob[]>('/api/imports');
    expect(mine.body.map((entry) => entry.id)).toEqual([again.id, job.id]);
    expect((await stranger.client.get(`/api/imports/${job.id}`)).status).toBe(404);
  });

  it('holds every imported field to the upload form’s limits, and refuses a ZIP of many small bombs', async () => {
    const member = await signUp('limits');
    const exporter = person(60, null, 'Someone');
    const zip = await buildTakeoutZip({
      archiveId: `e2e-limits-${Date.now()}`,
      exportedBy: exporter,
      items: [
        { media: { id: 1, type: 'post', title: 'Kept', content: 'Short and sweet.' } },
        { media: { id: 2, type: 'post', title: 'Huge', content: 'x'.repeat(20_001) } },
        { media: { id: 3, type: 'post', title: 'Script', websiteUrl: 'javascript:alert(1)' } },
      ],
    });
    const job = await importThroughGateway(member, zip);
    expect(job.report).toEqual({
      media: 1,
      albums: 0,
      people: 0,
      tags: 0,
      skipped: [
        {
          path: 'archive.json: media 2',
          reason: 'Content must be at most 20000 characters: the upload form refuses this, so the item was left out.',
        },
        {
          path: 'archive.json: media 3',
          reason:
            'Please enter a valid website address, like https://example.org: the upload form refuses this, so the item was left out.',
        },
      ],
    });
    const mine = await member.client.get<{ items: MediaItem[] }>(`/api/media?userId=${member.user.id}&uploaded=true`);
    expect(mine.body.items.map((item) => item.title)).toEqual(['Kept']);

    // 30 different documents of 1 MiB each, packed to a few kB apiece: each is small, the whole is a bomb.
    const bomb = await buildTakeoutZip({
      exportedBy: exporter,
      items: Array.from({ length: 30 }, (_, n) => ({
        media: { id: 10 + n, type: 'document' as const, title: `Notes ${n}`, originalName: `notes-${n}.txt` },
        data: Buffer.from(`Notes ${n}\n`.padEnd(1024 * 1024, 'all well at home. ')),
        compress: true,
      })),
    });
    const refused = await member.client.post('/api/imports', zipForm(bomb));
    expect({ status: refused.status, message: refused.body.message }).toEqual({
      status: 400,
      message: expect.stringMatching(/ZIP bomb/),
    });
  });

  it('refuses what is not an export at once, with a sentence, and keeps nothing', async () => {
    const refusals: [Buffer, number, RegExp][] = [
      [Buffer.from('just text'), 415, /^This file is not a ZIP/],
      [await zipBomb({ exportedBy: person(1, null) }), 400, /ZIP bomb/],
      [await zipClimbingOut({ exportedBy: person(1, null) }), 400, /"\.\.\/\.\.\/etc\/passwd", which points outside/],
      [truncated(await buildTakeoutZip(spec)), 400, /ZIP/],
      [await buildTakeoutZip(spec, { manifestText: '{"format":"other"}' }), 400, /^This ZIP is not an export/],
    ];
    for (const [zip, status, message] of refusals) {
      const answer = await stranger.client.post('/api/imports', zipForm(zip));
      expect({ status: answer.status, message: answer.body.message }).toEqual({
        status,
        message: expect.stringMatching(message),
      });
    }
    expect((await stranger.client.get('/api/imports')).body).toEqual([]);
  });
});
