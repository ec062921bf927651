import { randomInt } from 'node:crypto';
import { Client } from 'pg';
import { signUp, type SignedUp } from '../support/api';
import { pngFile, privateAlbum, uploadMedia, waitPrepared } from '../support/media';
import { runInfo } from '../support/stack';

/**
 * Faces through the gateway, in the shared archive, which runs with FACES=off (docs/architecture.md "Faces"): the
 * routes answer, nothing is looked at, a drawn face is a tag, and an item one cannot see has no faces to show.
 * The detector itself is tested in services/media/test/faces.int-spec.ts.
 */
describe('faces with FACES=off', () => {
  let ann: SignedUp;
  let cal: SignedUp;

  beforeAll(async () => {
    ann = await signUp('faces-ann');
    cal = await signUp('faces-cal');
  });

  const uniquePng = () => pngFile([randomInt(256), randomInt(256), randomInt(256)], 64);

  it("answers an item's faces as off, draws a face that names a person (a tag), and refuses bad boxes", async () => {
    const photo = await uploadMedia(ann.client, { type: 'photo', title: 'Faces off' }, uniquePng());
    await waitPrepared(ann.client, photo.id);
    const faces = await ann.client.get(`/api/media/${photo.id}/faces`);
    expect({ status: faces.status, body: faces.body }).toEqual({
      status: 200,
      body: { scan: 'off', failure: null, faces: [] },
    });
    const drawn = await ann.client.post(`/api/media/${photo.id}/faces`, {
      box: { x: 0.25, y: 0.25, width: 0.5, height: 0.5 },
      personId: cal.user.id,
    });
    expect({ status: drawn.status, person: drawn.body.person?.id, drawn: drawn.body.drawn }).toEqual({
      status: 201,
      person: cal.user.id,
      drawn: true,
    });
    const tags = await ann.client.get(`/api/media/${photo.id}/tags`);
    expect(tags.body.map((tag: { userId: number }) => tag.userId)).toEqual([cal.user.id]);
    const outside = await ann.client.post(`/api/media/${photo.id}/faces`, {
      box: { x: 0.75, y: 0.25, width: 0.5, height: 0.5 },
      personId: null,
    });
    expect({ status: outside.status, message: typeof outside.body.message }).toEqual({
      status: 400,
      message: 'string',
    });
    const unnamed = await ann.client.patch(`/api/faces/${drawn.body.id}`, { personId: null });
    expect({ status: unnamed.status, person: unnamed.body.person }).toEqual({ status: 200, person: null });
    expect((await ann.client.get(`/api/media/${photo.id}/tags`)).body).toEqual([]);
  });

  it('answers 404 for the faces of an item in an album one cannot see', async () => {
    const album = await privateAlbum(ann.client, `Faces ${randomInt(1e6)}`);
    const photo = await uploadMedia(
      ann.client,
      { type: 'photo', title: 'Private', albumId: String(album) },
      uniquePng(),
    );
    const drawn = await ann.client.post(`/api/media/${photo.id}/faces`, {
      box: { x: 0.1, y: 0.1, width: 0.2, height: 0.2 },
      personId: null,
    });
    expect(drawn.status).toBe(201);
    expect((await cal.client.get(`/api/media/${photo.id}/faces`)).status).toBe(404);
    const naming = await cal.client.patch(`/api/faces/${drawn.body.id}`, { personId: cal.user.id });
    expect({ status: naming.status, message: naming.body.message }).toEqual({
      status: 404,
      message: "This face doesn't exist or you don't have permission to see it.",
    });
    expect((await cal.client.get('/api/faces/groups')).status).toBe(200);
  });

  it('has no faces to look for on a document, and draws none there', async () => {
    const note = await uploadMedia(
      ann.client,
      { type: 'document', title: 'A note' },
      { bytes: Buffer.from(`A note ${randomInt(1e9)}`), name: 'note.txt', type: 'text/plain' },
    );
    const faces = await ann.client.get(`/api/media/${note.id}/faces`);
    expect(faces.body).toEqual({ scan: 'done', failure: null, faces: [] });
    const drawn = await ann.client.post(`/api/media/${note.id}/faces`, {
      box: { x: 0.1, y: 0.1, width: 0.2, height: 0.2 },
      personId: null,
    });
    expect({ status: drawn.status, message: drawn.body.message }).toEqual({
      status: 400,
      message: 'Faces are only on photos, post images and videos.',
    });
  });

  it('runs no faces worker and queues no faces job with FACES=off', async () => {
    expect(Object.keys(runInfo().pids)).not.toContain('faces-worker');
    expect(Object.keys(runInfo().pids)).toContain('media-worker');
    const db = new Client({ connectionString: runInfo().databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query(`SELECT count(*)::int AS jobs FROM media_jobs.job WHERE name = 'detect-faces'`);
      expect(rows[0].jobs).toBe(0);
    } finally {
      await db.end();
    }
  });
});
