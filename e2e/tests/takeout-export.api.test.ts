import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ArchiveManifest, ExportJob } from '@family/contract';
import { registerPerson, type Person } from '../support/api';
import { jpeg, uploadForm, uploadMedia, waitPrepared } from '../support/media';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Follows an export as the web app does, until it is ready or failed; answers every progress seen too. */
async function finished(person: Person, id: number): Promise<{ job: ExportJob; seen: ExportJob[] }> {
  const seen: ExportJob[] = [];
  for (let tries = 0; tries < 600; tries++) {
    const { status, body } = await person.client.get<ExportJob>(`/api/exports/${id}`);
    expect(status).toBe(200);
    seen.push(body);
    if (body.status !== 'running') return { job: body, seen };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`export ${id} was still running after a minute`);
}

function download(person: Person, url: string, headers: Record<string, string> = {}) {
  return fetch(`${person.client.base}${url}`, { headers: { cookie: person.client.cookie, ...headers } });
}

describe('takeout export through the gateway', () => {
  let anna: Person;
  let ben: Person;
  const originals = new Map<number, Buffer>();
  let workDir: string;

  beforeAll(async () => {
    anna = await registerPerson('takeout', 'Anna Zoë Kowalska');
    ben = await registerPerson('takeout', 'Ben Kowalski');
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'takeout-e2e-'));
    expect((await anna.client.post('/api/family', { toUserId: ben.id, relationType: 'spouse' })).status).toBe(201);
    expect((await anna.client.post('/api/memories', { title: 'Summer', content: 'By the lake.' })).status).toBe(201);
    const picture = uploadForm({}, { bytes: await jpeg(21), name: 'me.jpg', type: 'image/jpeg' });
    expect((await anna.client.post('/api/users/profile-picture', picture)).status).toBe(200);
    const album = await anna.client.post('/api/albums', { name: 'Lake 2019', isShared: false });
    expect(album.status).toBe(201);
    expect((await anna.client.post(`/api/albums/${album.body.id}/members`, { userId: ben.id })).status).toBe(201);

    const photoBytes = await jpeg(17, { width: 120, height: 90 });
    const photo = await uploadMedia(
      anna.client,
      {
        type: 'photo',
        title: 'Zoë’s birthday 🎂 / party: "big"',
        mediaDate: '2019-07-14',
        albumId: String(album.body.id),
      },
      { bytes: photoBytes, name: 'IMG_0001.JPG', type: 'image/jpeg' },
    );
    originals.set(photo.id, photoBytes);
    expect((await anna.client.post(`/api/media/${photo.id}/tags`, { userId: ben.id })).status).toBe(201);
    // A damaged photo: its preparing fails, and it is exported all the same.
    const broken = Buffer.concat([(await jpeg(18)).subarray(0, 200)]);
    const damaged = await uploadMedia(
      anna.client,
      { type: 'photo', title: 'Damaged scan', mediaDate: '2001-02-03' },
      { bytes: broken, name: 'scan.jpg', type: 'image/jpeg' },
    );
    originals.set(damaged.id, broken);
    const post = await uploadMedia(anna.client, {
      type: 'post',
      title: 'Our first week',
      content: 'We moved in on **Monday**.',
      mediaDate: '2020-01-05',
    });
    originals.set(post.id, Buffer.alloc(0));
    expect((await waitPrepared(anna.client, photo.id)).processing).toBe('ready');
    expect((await waitPrepared(anna.client, damaged.id)).processing).toBe('failed');
  });

  afterAll(() => {
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  it('makes my export in the background and hands back a ZIP that checks, with everything in archive.json', async () => {
    const started = await anna.client.post<ExportJob>('/api/exports', { scope: 'mine' });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ scope: 'mine', status: 'running', downloadUrl: null, sizeBytes: null });

    const { job, seen } = await finished(anna, started.body.id);
    expect(job).toMatchObject({ status: 'ready', error: null, progress: { done: 3, total: 3 } });
    expect(seen.every((state) => state.progress.done <= state.progress.total)).toBe(true);
    expect(job.downloadUrl).toBe(`/api/exports/${job.id}/download`);
    const keptDays = (Date.parse(job.expiresAt!) - Date.now()) / 86_400_000;
    expect(keptDays).toBeGreaterThan(6.9);
    expect(keptDays).toBeLessThanOrEqual(7);

    const list = await anna.client.get<ExportJob[]>('/api/exports');
    expect(list.body[0]).toMatchObject({ id: job.id, status: 'ready' });

    const response = await download(anna, job.downloadUrl!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.zip"/);
    const zip = Buffer.from(await response.arrayBuffer());
    expect(zip.length).toBe(job.sizeBytes);

    // Range and ETag, as for media files.
    const range = await download(anna, job.downloadUrl!, { range: 'bytes=10-109' });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(`bytes 10-109/${zip.length}`);
    expect(Buffer.from(await range.arrayBuffer())).toEqual(zip.subarray(10, 110));
    const etag = response.headers.get('etag')!;
    expect((await download(anna, job.downloadUrl!, { 'if-none-match': etag })).status).toBe(304);

    const zipFile = path.join(workDir, 'mine.zip');
    fs.writeFileSync(zipFile, zip);
    const listing = execFileSync('unzip', ['-l', zipFile], { encoding: 'utf8' });
    const photoPath = `media/2019/2019-07-14 Zoë’s birthday 🎂 _ party_ _big_ (${[...originals.keys()][0]}).jpg`;
    expect(listing).toContain(photoPath);
    for (const name of ['archive.json', 'family.ged', 'index.html', 'SHA256SUMS']) expect(listing).toContain(name);
    expect(listing).toMatch(/posts\/2020\/2020-01-05 Our first week \(\d+\)\.md/);
    expect(listing).toMatch(/people\/Anna Zoë Kowalska \(\d+\)\.webp/);
    expect(listing).toMatch(/thumbs\/\d+\.webp/);

    const out = path.join(workDir, 'mine');
    execFileSync('unzip', ['-q', zipFile, '-d', out]);
    expect(execFileSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: out, encoding: 'utf8' })).not.toMatch(/FAILED/);

    const manifest = JSON.parse(fs.readFileSync(path.join(out, 'archive.json'), 'utf8')) as ArchiveManifest;
    expect(manifest).toMatchObject({
      format: 'family-archive-takeout',
      version: 1,
      scope: 'mine',
      exportedBy: { id: anna.id, username: anna.username, displayName: anna.displayName },
    });
    expect(manifest.archiveId).toMatch(/^[0-9a-f-]{36}$/);
    expect(manifest.media).toHaveLength(3);
    for (const item of manifest.media) {
      const bytes = originals.get(item.id)!;
      if (item.type === 'post') {
        expect(item).toMatchObject({ path: null, sha256: null, content: 'We moved in on **Monday**.' });
        continue;
      }
      expect(item.sha256).toBe(sha256(bytes));
      expect(sha256(fs.readFileSync(path.join(out, item.path!)))).toBe(sha256(bytes));
      expect(item.uploader).toEqual({ id: anna.id, username: anna.username, displayName: anna.displayName });
    }
    const photo = manifest.media.find((item) => item.type === 'photo' && item.title.startsWith('Zoë'))!;
    expect(photo).toMatchObject({
      mediaDate: '2019-07-14',
      originalName: 'IMG_0001.JPG',
      contentType: 'image/jpeg',
      tags: [{ id: ben.id, username: ben.username, displayName: ben.displayName }],
      thumbnailPath: `thumbs/${photo.id}.webp`,
    });
    expect(fs.existsSync(path.join(out, photo.thumbnailPath!))).toBe(true);
    expect(manifest.media.find((item) => item.title === 'Damaged scan')).toMatchObject({ thumbnailPath: null });
    expect(manifest.albums).toEqual([
      expect.objectContaining({
        name: 'Lake 2019',
        creator: { id: anna.id, username: anna.username, displayName: anna.displayName },
        members: [{ person: { id: ben.id, username: ben.username, displayName: ben.displayName }, canEdit: false }],
      }),
    ]);
    expect(photo.albumId).toBe(manifest.albums[0]!.id);
    expect(manifest.memories).toEqual([
      expect.objectContaining({ title: 'Summer', content: 'By the lake.', personId: anna.id }),
    ]);
    const me = manifest.people.find((person) => person.id === anna.id)!;
    expect(me.picturePath).toMatch(/^people\//);
    expect(me.gedcomXref).toMatch(/^@I\d+@$/);
    expect(manifest.partnerships).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ personIds: [anna.id, ben.id].sort((a, b) => a - b), kind: 'married' }),
      ]),
    );

    const gedcom = fs.readFileSync(path.join(out, 'family.ged'), 'utf8');
    expect(gedcom).toContain('2 VERS 7.0');
    expect(gedcom).toContain(`0 ${me.gedcomXref} INDI`);
    // The tagged photo is linked from Ben's record, by its path inside the ZIP.
    expect(gedcom).toContain(`1 FILE media/2019/2019-07-14%20Zo`);
    const post = fs.readFileSync(
      path.join(out, 'posts', '2020', `2020-01-05 Our first week (${[...originals.keys()][2]}).md`),
      'utf8',
    );
    expect(post).toContain('# Our first week');
    expect(post).toContain('We moved in on **Monday**.');
    const html = fs.readFileSync(path.join(out, 'index.html'), 'utf8');
    expect(html).toContain('Lake 2019');
  });

  it('lets one export run at a time per member, and shows an export only to the member who asked', async () => {
    const [first, second] = await Promise.all([
      ben.client.post<ExportJob>('/api/exports', { scope: 'family' }),
      ben.client.post<ExportJob>('/api/exports', { scope: 'mine' }),
    ]);
    expect([first.status, second.status].sort()).toEqual([202, 409]);
    const refused = first.status === 409 ? first : second;
    expect((refused.body as unknown as { message: string }).message).toMatch(/already being made/);
    const started = first.status === 202 ? first : second;
    const { job } = await finished(ben, started.body.id);
    expect(job.status).toBe('ready');

    expect((await anna.client.get(`/api/exports/${job.id}`)).status).toBe(404);
    expect((await download(anna, `/api/exports/${job.id}/download`)).status).toBe(404);
    expect((await anna.client.delete(`/api/exports/${job.id}`)).status).toBe(404);
    expect((await anna.client.get<ExportJob[]>('/api/exports')).body.map((item) => item.id)).not.toContain(job.id);
    expect((await ben.client.post('/api/exports', { scope: 'everything' })).status).toBe(400);

    expect((await ben.client.delete(`/api/exports/${job.id}`)).status).toBe(204);
    expect((await ben.client.get(`/api/exports/${job.id}`)).status).toBe(404);
    expect((await download(ben, `/api/exports/${job.id}/download`)).status).toBe(404);
  });

  it("exports in `family` scope what the member may see, and never another's private album", async () => {
    const carla = await registerPerson('takeout', 'Carla Outsider');
    const started = await carla.client.post<ExportJob>('/api/exports', { scope: 'family' });
    const { job } = await finished(carla, started.body.id);
    expect(job.status).toBe('ready');
    const zip = Buffer.from(await (await download(carla, job.downloadUrl!)).arrayBuffer());
    const zipFile = path.join(workDir, 'carla.zip');
    fs.writeFileSync(zipFile, zip);
    const manifest = JSON.parse(execFileSync('unzip', ['-p', zipFile, 'archive.json'], { encoding: 'utf8' }));
    const ids = (manifest as ArchiveManifest).media.map((item) => item.id);
    // Anna's album is private to her and Ben: Carla sees neither it nor its photo.
    expect(ids).not.toContain([...originals.keys()][0]);
    expect(ids).toContain([...originals.keys()][1]);
    expect((manifest as ArchiveManifest).albums.map((album) => album.name)).not.toContain('Lake 2019');
  });
});
