import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import request from 'supertest';
import yauzl from 'yauzl';
import type { ArchiveManifest, ExportJob } from '@family/contract';
import { ExportWorker } from '../src/takeout/export/export-worker';
import {
  addPerson,
  binary,
  createScratchDatabase,
  type MediaStack,
  type Person,
  png,
  startMediaStack,
  upload,
  waitPrepared,
} from './support';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

interface ZipEntry {
  name: string;
  /** General purpose bit 11: the name is UTF-8. */
  utf8: boolean;
  bytes: Buffer;
}

/** Every entry of a ZIP read with yauzl, as another program would read it. */
function readZip(zip: Buffer): Promise<ZipEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true, decodeStrings: true }, (error, file) => {
      if (error || !file) return reject(error);
      const entries: ZipEntry[] = [];
      file.on('error', reject);
      file.on('end', () => resolve(entries));
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.push({
              name: entry.fileName,
              utf8: (entry.generalPurposeBitFlag & 0x800) !== 0,
              bytes: Buffer.concat(chunks),
            });
            file.readEntry();
          });
        });
      });
      file.readEntry();
    });
  });
}

// A takeout export on the real media service, worker, queue and storage, with real profile, albums and family.
describe('takeout export (real services, queue and files)', () => {
  let stack: MediaStack;
  let olga: Person;
  let piotr: Person;
  let workDir: string;
  let database: { url: string; drop(): Promise<void> };

  beforeAll(async () => {
    // A database of its own: a `family` export packs every item in it, and other specs' items have lost their
    // files with their stacks' storage folders.
    database = await createScratchDatabase();
    stack = await startMediaStack({ family: true, databaseUrl: database.url });
    olga = await addPerson(stack, 901, 'olga', 'Olga Wiśniewska');
    piotr = await addPerson(stack, 902, 'piotr', 'Piotr');
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'takeout-spec-'));
  });

  afterAll(async () => {
    await stack.close();
    await database.drop();
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  const media = () => request(stack.media.url);

  async function finished(person: Person, id: number): Promise<ExportJob> {
    for (let tries = 0; tries < 300; tries++) {
      const { body } = await media().get(`/api/exports/${id}`).set(person.headers).expect(200);
      if ((body as ExportJob).status !== 'running') return body as ExportJob;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`export ${id} still running after 30 s`);
  }

  async function downloaded(person: Person, job: ExportJob): Promise<Buffer> {
    const response = await media().get(job.downloadUrl!).set(person.headers).buffer(true).parse(binary).expect(200);
    return response.body as Buffer;
  }

  it('writes originals byte-identical under UTF-8 names, with archive.json, family.ged and SHA256SUMS', async () => {
    const photoBytes = await png();
    const photo = (
      await upload(
        stack,
        olga,
        { type: 'photo', title: 'Łódź: dziadek\\babcia?', mediaDate: '1987-06-01' },
        { buffer: photoBytes, filename: 'ŁÓDŹ.png' },
      ).expect(201)
    ).body;
    const noteBytes = Buffer.from('A note about the garden.\n');
    const note = (
      await upload(
        stack,
        olga,
        { type: 'document', title: 'Garden' },
        { buffer: noteBytes, filename: 'garden.txt' },
      ).expect(201)
    ).body;
    await media().post(`/api/media/${photo.id}/tags`).set(olga.headers).send({ userId: piotr.id }).expect(201);
    await waitPrepared(stack, olga, photo.id);
    await request(stack.family!.url)
      .post('/api/family')
      .set(olga.headers)
      .send({ toUserId: piotr.id, relationType: 'child' })
      .expect(201);
    // Piotr's own upload is not in Olga's `mine`.
    await upload(stack, piotr, { type: 'photo', title: 'Not hers' }, { buffer: await png(), filename: 'p.png' }).expect(
      201,
    );

    const started = await media().post('/api/exports').set(olga.headers).send({ scope: 'mine' }).expect(202);
    const job = await finished(olga, started.body.id);
    expect(job).toMatchObject({ status: 'ready', progress: { done: 2, total: 2 } });
    const zip = await downloaded(olga, job);
    expect(zip.length).toBe(job.sizeBytes);

    const entries = await readZip(zip);
    expect(entries.every((entry) => entry.utf8)).toBe(true);
    const byName = new Map(entries.map((entry) => [entry.name, entry.bytes]));
    const photoPath = `media/1987/1987-06-01 Łódź_ dziadek_babcia_ (${photo.id}).png`;
    expect(sha256(byName.get(photoPath)!)).toBe(sha256(photoBytes));
    const notePath = [...byName.keys()].find((name) => name.endsWith(`Garden (${note.id}).txt`))!;
    expect(byName.get(notePath)).toEqual(noteBytes);
    expect(byName.has(`thumbs/${photo.id}.webp`)).toBe(true);
    expect([...byName.keys()].filter((name) => name.startsWith('media/'))).toHaveLength(2);

    // Info-ZIP's unzip shows the names as they are, and sha256sum -c checks every file listed.
    const zipFile = path.join(workDir, 'olga.zip');
    fs.writeFileSync(zipFile, zip);
    expect(execFileSync('unzip', ['-l', zipFile], { encoding: 'utf8' })).toContain(photoPath);
    const folder = path.join(workDir, 'olga');
    execFileSync('unzip', ['-q', zipFile, '-d', folder]);
    const checked = execFileSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: folder, encoding: 'utf8' });
    expect(checked).toContain(`${photoPath}: OK`);
    expect(checked).toContain('archive.json: OK');
    expect(checked).toContain('family.ged: OK');

    const manifest = JSON.parse(byName.get('archive.json')!.toString('utf8')) as ArchiveManifest;
    const item = manifest.media.find((entry) => entry.id === photo.id)!;
    expect(item).toEqual({
      id: photo.id,
      type: 'photo',
      title: 'Łódź: dziadek\\babcia?',
      description: null,
      mediaDate: '1987-06-01',
      content: null,
      websiteUrl: null,
      path: photoPath,
      sha256: sha256(photoBytes),
      originalName: 'ŁÓDŹ.png',
      contentType: 'image/png',
      sizeBytes: photoBytes.length,
      thumbnailPath: `thumbs/${photo.id}.webp`,
      motion: null,
      albumId: null,
      uploader: { id: olga.id, username: 'olga', displayName: 'Olga Wiśniewska' },
      tags: [{ id: piotr.id, username: 'piotr', displayName: 'Piotr' }],
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(manifest.childTies).toEqual([
      expect.objectContaining({ parentId: olga.id, childId: piotr.id, kind: 'birth' }),
    ]);
    const gedcom = byName.get('family.ged')!.toString('utf8');
    const piotrXref = manifest.people.find((person) => person.id === piotr.id)!.gedcomXref;
    expect(gedcom).toContain(`0 ${piotrXref} INDI`);
    expect(gedcom).toContain(
      `1 FILE media/1987/1987-06-01%20%C5%81%C3%B3d%C5%BA_%20dziadek_babcia_%20(${photo.id}).png`,
    );
  });

  it('deletes an export with its ZIP once it has expired', async () => {
    const started = await media().post('/api/exports').set(piotr.headers).send({ scope: 'family' }).expect(202);
    const job = await finished(piotr, started.body.id);
    expect(job.status).toBe('ready');
    const key = `exports/${job.id}.zip`;
    expect(await stack.storage.stat(key)).not.toBeNull();

    await stack.db.query(`UPDATE exports SET expires_at = now() - interval '1 minute' WHERE id = $1`, [job.id]);
    expect(await stack.worker!.get(ExportWorker).removeExpired()).toBe(1);
    expect(await stack.storage.stat(key)).toBeNull();
    await media().get(`/api/exports/${job.id}`).set(piotr.headers).expect(404);
  });
});
