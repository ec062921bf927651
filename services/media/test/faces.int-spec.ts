import { readFileSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { Readable } from 'node:stream';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Logger } from '@nestjs/common';
import request from 'supertest';
import type { Face, FaceGroupsPage, ItemFaces } from '@family/contract';
import { asService, testEnv } from '@family/shared/testing';
import type { JobQueue } from '@family/shared/jobs';
import { DETECT_FACES } from '../src/faces/faces-jobs';
import { UNREADABLE_PICTURE } from '../src/faces/face-picture';
import { openMediaJobs } from '../src/services/media-jobs';
import { derivativeKey } from '../src/services/object-keys';
import { addPerson, type MediaStack, type Person, startMediaStack, upload, waitPrepared } from './support';

// Faces on real photos (/work/shared/faces, labels.json), with the real detector in a faces worker beside the
// media worker, queue and storage: found, named (a tag), suggested, ruled out by life dates, rejected, hidden.
// The faces worker is the built program (`npm run build`; `npm test` builds first) in a process of its own, as
// `npm start` runs it: in this process its detector would hold up the services' event loop for a second a photo.
const FACES_WORKER = path.join(__dirname, '..', 'dist', 'faces-worker.js');
const photos = '/work/shared/faces';
const labels = JSON.parse(readFileSync(path.join(photos, 'labels.json'), 'utf8')) as Record<string, string[]>;

describe('faces (real detector, real photos)', () => {
  let stack: MediaStack;
  let facesWorker: ChildProcess | null = null;
  let queue: JobQueue;
  let databaseUrl: string;
  let alice: Person;
  let bob: Person;
  const people: Record<string, Person> = {};
  const items: Record<string, number> = {};

  const api = () => request(stack.media.url);
  const facesOf = async (person: Person, file: string): Promise<ItemFaces> => {
    const answer = await api().get(`/api/media/${items[file]}/faces`).set(person.headers);
    expect([answer.status, answer.status === 200 ? 'ok' : answer.body]).toEqual([200, 'ok']);
    return answer.body;
  };
  const only = async (file: string): Promise<Face> => {
    const found = (await facesOf(alice, file)).faces;
    expect(found).toHaveLength(1);
    return found[0];
  };
  const name = (faceId: number, personId: number | null) =>
    api().patch(`/api/faces/${faceId}`).set(alice.headers).send({ personId });
  const tagsOf = async (file: string) =>
    (
      (await api().get(`/api/media/${items[file]}/tags`).set(alice.headers).expect(200)).body as Array<{
        userId: number;
      }>
    ).map((tag) => tag.userId);

  async function add(file: string, fields: Record<string, string> = {}): Promise<void> {
    const buffer = await fs.readFile(path.join(photos, file));
    const created = await upload(stack, alice, { type: 'photo', title: file, ...fields }, { buffer, filename: file });
    expect(created.status).toBe(201);
    items[file] = created.body.id;
  }

  async function waitScanned(file: string): Promise<ItemFaces> {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const answer = await facesOf(alice, file);
      if (answer.scan !== 'pending') return answer;
      if (Date.now() > deadline) throw new Error(`${file} was not scanned for faces in time`);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }

  beforeAll(async () => {
    if (!existsSync(FACES_WORKER)) throw new Error(`${FACES_WORKER} is missing: run npm run build first`);
    // A database of its own: the faces worker's backfill would otherwise scan every other spec file's pictures.
    stack = await startMediaStack({ ownDatabase: true });
    databaseUrl = (stack.db.options as { url: string }).url;
    queue = await openMediaJobs(databaseUrl, 'sender', new Logger('faces test'));
    alice = await addPerson(stack, 9701, 'faces-alice', 'Alice');
    bob = await addPerson(stack, 9702, 'faces-bob', 'Bob');
    const names = ['barack-obama', 'joe-biden', 'kamala-harris', 'albert-einstein'];
    for (const [index, slug] of names.entries())
      people[slug] = await addPerson(stack, 9710 + index, `faces-${slug}`, slug);
    // Einstein: born 14 March 1879, died 18 April 1955 (his genealogical dates, on profile).
    await request(stack.profile.url)
      .patch(`/api/people/${people['albert-einstein'].id}`)
      .set(people['albert-einstein'].headers)
      .send({ birth: { date: '14 MAR 1879', place: null }, death: { date: '18 APR 1955', place: null } })
      .expect(200);
    for (const file of ['barack-obama-1.jpg', 'barack-obama-2.jpg', 'joe-biden-1.jpg', 'group-1.jpg']) await add(file);
    for (const file of ['kamala-harris-1.jpg', 'kamala-harris-2.jpg', 'noface-1.jpg', 'noface-7.jpg']) await add(file);
    for (const file of ['joe-biden-2.jpg', 'joe-biden-3.jpg']) await add(file);
    await add('albert-einstein-2.jpg', { mediaDate: '1921-06-01' });
    // The same man, but dated before his birth: he is never suggested on it.
    await add('albert-einstein-4.jpg', { mediaDate: '1870-01-01' });
    for (const file of Object.keys(items)) await waitPrepared(stack, alice, items[file], 120_000);
    await startFacesWorker();
  }, 300_000);

  afterAll(async () => {
    await stopFacesWorker();
    await queue?.close(0);
    await stack?.close();
  });

  /** The faces worker, started as `npm start` starts it; answers once it takes jobs (its backfill has run). */
  async function startFacesWorker(): Promise<void> {
    const child = spawn(process.execPath, [FACES_WORKER], {
      env: {
        ...process.env,
        ...testEnv({ DATABASE_URL: databaseUrl, STORAGE_DIR: stack.storageDir }),
        FACES: 'on',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    facesWorker = child;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const seen = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('faces-worker is taking jobs')) resolve();
      };
      child.stdout!.on('data', seen);
      child.stderr!.on('data', seen);
      child.once('exit', (code) => reject(new Error(`The faces worker stopped (${code}): ${output}`)));
    });
  }

  async function stopFacesWorker(): Promise<void> {
    const child = facesWorker;
    facesWorker = null;
    if (!child || child.exitCode !== null) return;
    await new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  }

  it('finds one face per person on labelled photos, within the labels, and none on photos without a human face', async () => {
    for (const file of Object.keys(items)) {
      const answer = await waitScanned(file);
      expect([file, answer.scan]).toEqual([file, 'done']);
      const expected = labels[file].length;
      if (expected === 0) expect([file, answer.faces.length]).toEqual([file, 0]);
      else expect([file, answer.faces.length]).toEqual([file, expected]);
      for (const face of answer.faces) {
        expect(face.box.x + face.box.width).toBeLessThanOrEqual(1);
        expect(face.box.y + face.box.height).toBeLessThanOrEqual(1);
        expect(face).not.toHaveProperty('descriptor');
        expect(face.person).toBeNull();
      }
    }
  }, 300_000);

  it('names a face as a tag of the person; un-naming takes that tag away; a hand-made tag stays', async () => {
    const obama = people['barack-obama'];
    const face = await only('barack-obama-1.jpg');
    const named = await name(face.id, obama.id).expect(200);
    expect(named.body.person).toMatchObject({ id: obama.id, displayName: 'barack-obama' });
    expect(await tagsOf('barack-obama-1.jpg')).toEqual([obama.id]);
    await name(face.id, null).expect(200);
    expect(await tagsOf('barack-obama-1.jpg')).toEqual([]);
    // Tagged by hand first: naming and un-naming the face leave that tag.
    await api().post(`/api/media/${items['barack-obama-1.jpg']}/tags`).set(alice.headers).send({ userId: obama.id });
    await name(face.id, obama.id).expect(200);
    await name(face.id, null).expect(200);
    expect(await tagsOf('barack-obama-1.jpg')).toEqual([obama.id]);
    await name(face.id, obama.id).expect(200);
    expect((await only('barack-obama-1.jpg')).person?.id).toBe(obama.id);
  });

  it('suggests the right person for the other faces after one named photo each, never applied', async () => {
    await name((await only('joe-biden-1.jpg')).id, people['joe-biden'].id).expect(200);
    await name((await only('kamala-harris-1.jpg')).id, people['kamala-harris'].id).expect(200);
    const obama2 = await only('barack-obama-2.jpg');
    expect(obama2.person).toBeNull();
    expect(obama2.suggestions.map((s) => s.person.id)).toEqual([people['barack-obama'].id]);
    expect((await only('kamala-harris-2.jpg')).suggestions.map((s) => s.person.id)).toEqual([
      people['kamala-harris'].id,
    ]);
    const group = (await facesOf(alice, 'group-1.jpg')).faces;
    expect(group.flatMap((face) => face.suggestions.map((s) => s.person.id)).sort()).toEqual(
      [people['barack-obama'].id, people['joe-biden'].id].sort(),
    );
    expect(await tagsOf('barack-obama-2.jpg')).toEqual([]);
  });

  it('never suggests someone on a photo dated before their birth', async () => {
    const einstein = people['albert-einstein'];
    await name((await only('albert-einstein-2.jpg')).id, einstein.id).expect(200);
    const before = await only('albert-einstein-4.jpg');
    expect(before.suggestions).toEqual([]);
    // The same photo, dated in his life: he is suggested.
    await api()
      .patch(`/api/media/${items['albert-einstein-4.jpg']}`)
      .set(alice.headers)
      .send({ mediaDate: '1947-01-01' })
      .expect(200);
    expect((await only('albert-einstein-4.jpg')).suggestions.map((s) => s.person.id)).toEqual([einstein.id]);
  });

  it('remembers "Not this person": a rejected suggestion never returns', async () => {
    const face = await only('barack-obama-2.jpg');
    await api()
      .post(`/api/faces/${face.id}/reject`)
      .set(alice.headers)
      .send({ personId: people['barack-obama'].id })
      .expect(204);
    expect((await only('barack-obama-2.jpg')).suggestions).toEqual([]);
    expect((await only('barack-obama-2.jpg')).suggestions).toEqual([]);
  });

  it('draws a missed face; refuses a box outside the picture or of no size, and a person who does not exist', async () => {
    const url = `/api/media/${items['noface-1.jpg']}/faces`;
    const drawn = await api()
      .post(url)
      .set(alice.headers)
      .send({ box: { x: 0.1, y: 0.2, width: 0.3, height: 0.3 }, personId: people['joe-biden'].id })
      .expect(201);
    expect(drawn.body).toMatchObject({ drawn: true, person: { id: people['joe-biden'].id } });
    expect(await tagsOf('noface-1.jpg')).toEqual([people['joe-biden'].id]);
    for (const box of [
      { x: 0.8, y: 0.2, width: 0.3, height: 0.3 },
      { x: 0.1, y: 0.2, width: 0, height: 0.3 },
      { x: -0.1, y: 0.2, width: 0.3, height: 0.3 },
    ]) {
      const refused = await api().post(url).set(alice.headers).send({ box, personId: null }).expect(400);
      expect(refused.body.message).toEqual(expect.any(String));
    }
    const face = await only('barack-obama-2.jpg');
    expect((await name(face.id, 999_999).expect(404)).body.message).toBe('This person is not in the family archive.');
    expect((await facesOf(alice, 'noface-1.jpg')).faces).toHaveLength(1);
  });

  it('answers 404 for the faces of an item one cannot see, and for naming them', async () => {
    const album = await request(stack.albums.url)
      .post('/api/albums')
      .set(alice.headers)
      .send({ name: 'Private', description: 'only Alice', isShared: false })
      .expect(201);
    await api()
      .post(`/api/albums/${album.body.id}/media/${items['kamala-harris-2.jpg']}`)
      .set(alice.headers)
      .expect((res) => expect(res.status).toBeLessThan(300));
    await api().get(`/api/media/${items['kamala-harris-2.jpg']}/faces`).set(bob.headers).expect(404);
    // Einstein is named only on a photo in that album: Alice is still offered him elsewhere, Bob is not.
    await api()
      .post(`/api/albums/${album.body.id}/media/${items['albert-einstein-2.jpg']}`)
      .set(alice.headers)
      .expect((res) => expect(res.status).toBeLessThan(300));
    const einstein = people['albert-einstein'].id;
    expect((await only('albert-einstein-4.jpg')).suggestions.map((s) => s.person.id)).toEqual([einstein]);
    expect((await facesOf(bob, 'albert-einstein-4.jpg')).faces[0].suggestions).toEqual([]);
    const face = await only('kamala-harris-2.jpg');
    await api().patch(`/api/faces/${face.id}`).set(bob.headers).send({ personId: bob.id }).expect(404);
    await api().post(`/api/faces/${face.id}/reject`).set(bob.headers).send({ personId: bob.id }).expect(404);
  });

  it('groups unnamed look-alikes for "Who is this?", largest first, from items the asker sees only', async () => {
    const biden2 = (await only('joe-biden-2.jpg')).id;
    const biden3 = (await only('joe-biden-3.jpg')).id;
    const groups = (await api().get('/api/faces/groups').set(alice.headers).expect(200)).body as FaceGroupsPage;
    const sizes = groups.items.map((group) => group.size);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    const biden = groups.items.find((group) => group.faces.some((face) => face.id === biden2));
    // Biden's unnamed faces: his two portraits, and his face on group-1.jpg beside Obama (named elsewhere).
    const groupOne = (await facesOf(alice, 'group-1.jpg')).faces;
    const bidenThere = groupOne.find((face) => face.suggestions[0]?.person.id === people['joe-biden'].id)!.id;
    expect(biden?.faces.map((face) => face.id).sort()).toEqual([biden2, biden3, bidenThere].sort());
    expect(groups.nextCursor).toBeNull();
    // A photo in an album Bob cannot see: its face is in no group of his.
    const album = await request(stack.albums.url)
      .post('/api/albums')
      .set(alice.headers)
      .send({ name: 'Biden', description: 'only Alice', isShared: false })
      .expect(201);
    await api()
      .post(`/api/albums/${album.body.id}/media/${items['joe-biden-3.jpg']}`)
      .set(alice.headers)
      .expect((res) => expect(res.status).toBeLessThan(300));
    const bobs = (await api().get('/api/faces/groups').set(bob.headers).expect(200)).body as FaceGroupsPage;
    expect(bobs.items.flatMap((group) => group.faces.map((face) => face.id))).not.toContain(biden3);
    const bobsBiden = bobs.items.find((group) => group.faces.some((face) => face.id === biden2));
    expect(bobsBiden?.faces.map((face) => face.id).sort()).toEqual([biden2, bidenThere].sort());
    await api().get('/api/faces/groups?cursor=x').set(alice.headers).expect(400);
  });

  it('backfills items never scanned (prepared before faces were on), in pages by id', async () => {
    const id = items['joe-biden-1.jpg'];
    await stack.db.query(`DELETE FROM face_scans WHERE media_id = $1`, [id]);
    expect((await facesOf(alice, 'joe-biden-1.jpg')).scan).toBe('pending');
    // A faces worker starting again queues what was never scanned.
    await stopFacesWorker();
    await startFacesWorker();
    const answer = await waitScanned('joe-biden-1.jpg');
    expect(answer.scan).toBe('done');
    // The named face stays named; the detector's face of the same place is not added twice.
    expect(answer.faces.map((face) => face.person?.id ?? null)).toContain(people['joe-biden'].id);
  });

  it('fails the scan of a corrupt picture with a sentence; the item stays and the worker goes on', async () => {
    const id = items['noface-7.jpg'];
    await stack.storage.put(derivativeKey(id, 'preview'), Readable.from([Buffer.from('not a picture at all')]), {
      contentType: 'image/webp',
    });
    await stack.db.query(`DELETE FROM face_scans WHERE media_id = $1`, [id]);
    await queue.send(DETECT_FACES.name, { mediaId: id }, String(id));
    const answer = await waitScanned('noface-7.jpg');
    expect(answer).toMatchObject({ scan: 'failed', failure: UNREADABLE_PICTURE, faces: [] });
    await api().get(`/api/media/${id}`).set(alice.headers).expect(200);
    const next = items['barack-obama-2.jpg'];
    await stack.db.query(`DELETE FROM face_scans WHERE media_id = $1`, [next]);
    await queue.send(DETECT_FACES.name, { mediaId: next }, String(next));
    expect((await waitScanned('barack-obama-2.jpg')).faces).toHaveLength(1);
  });

  it("moves a person's named faces with their tags when they are merged into another, and unnames them when purged", async () => {
    const harris = people['kamala-harris'];
    const twin = await addPerson(stack, 9730, 'faces-harris-twin', 'Kamala (duplicate)');
    await api()
      .post(`/internal/people/${harris.id}/merge`)
      .set(asService('profile'))
      .send({ intoId: twin.id, actingUserId: alice.id })
      .expect((res) => expect(res.status).toBeLessThan(300));
    expect((await only('kamala-harris-1.jpg')).person?.id).toBe(twin.id);
    expect(await tagsOf('kamala-harris-1.jpg')).toEqual([twin.id]);
    await api()
      .delete(`/internal/users/${twin.id}`)
      .set(asService('profile'))
      .expect((res) => expect(res.status).toBeLessThan(300));
    expect((await only('kamala-harris-1.jpg')).person).toBeNull();
    expect(await tagsOf('kamala-harris-1.jpg')).toEqual([]);
  });
});
