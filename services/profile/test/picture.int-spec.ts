import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import request from 'supertest';
import sharp from 'sharp';
import type { Identity } from '@family/shared';
import { asUser } from '@family/shared/testing';
import { createPerson, leftoverTempFiles, startProfile, storedPictures, type ProfileUnderTest } from './support';

const MiB = 1024 * 1024;

/** A landscape JPEG, left half red and right half blue, stored sideways: EXIF orientation 6 (turn 90° clockwise). */
async function sidewaysJpeg(): Promise<Buffer> {
  const half = (background: { r: number; g: number; b: number }) =>
    sharp({ create: { width: 150, height: 200, channels: 3, background } })
      .png()
      .toBuffer();
  return sharp({ create: { width: 300, height: 200, channels: 3, background: 'white' } })
    .composite([
      { input: await half({ r: 255, g: 0, b: 0 }), left: 0, top: 0 },
      { input: await half({ r: 0, g: 0, b: 255 }), left: 150, top: 0 },
    ])
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

async function pngOf(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 60 } } })
    .png()
    .toBuffer();
}

/** The colour at (x, y) of an image, as [r, g, b]. */
async function colourAt(image: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return [data[offset], data[offset + 1], data[offset + 2]];
}

describe('profile pictures (real Postgres, local object storage)', () => {
  let profile: ProfileUnderTest;
  let rose: Identity;
  let bob: Identity;

  beforeAll(async () => {
    profile = await startProfile();
    rose = await createPerson(profile.url, 2001, 'rose.p', 'Grandma Rose');
    bob = await createPerson(profile.url, 2002, 'bob.p', 'Uncle Bob');
  });

  afterAll(async () => {
    await profile.close();
  });

  const upload = (who: Identity, file: Buffer, name: string) =>
    request(profile.url).post('/api/users/profile-picture').set(asUser(who)).attach('file', file, name);
  const fetchPicture = (url: string, headers: Record<string, string> = {}) =>
    request(profile.url)
      .get(url)
      .set({ ...asUser(bob), ...headers })
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });

  it('refuses a text file named .png with 415 and stores nothing', async () => {
    const response = await upload(
      rose,
      Buffer.from('Dear diary, this is not a picture at all.\n'.repeat(200)),
      'photo.png',
    ).expect(415);
    expect(response.body).toEqual({ statusCode: 415, message: 'Only image files are allowed' });
    expect(await storedPictures(profile.storageDir)).toEqual([]);
    expect(await leftoverTempFiles(profile.storageDir)).toEqual([]);
  });

  it('refuses a picture over 5 MB with 413 while streaming, and stores nothing', async () => {
    // A real image at the front, so the kind check passes and the size check is what stops it.
    const big = Buffer.concat([await pngOf(64, 64), Buffer.alloc(5 * MiB + 1024, 7)]);
    const response = await upload(rose, big, 'huge.png').expect(413);
    expect(response.body).toEqual({ statusCode: 413, message: 'Profile picture must be less than 5MB' });
    expect(await storedPictures(profile.storageDir)).toEqual([]);
    expect(await leftoverTempFiles(profile.storageDir)).toEqual([]);
    expect((await request(profile.url).get('/api/user').set(asUser(rose)).expect(200)).body.profilePicture).toBeNull();
  });

  it('asks for a picture when none is sent', async () => {
    const empty = await request(profile.url)
      .post('/api/users/profile-picture')
      .set(asUser(rose))
      .field('note', 'no file here')
      .expect(400);
    expect(empty.body.message).toBe('Please choose a picture');
    const json = await request(profile.url).post('/api/users/profile-picture').set(asUser(rose)).send({}).expect(400);
    expect(json.body.message).toBe('Please choose a picture');
    const zeroBytes = await upload(rose, Buffer.alloc(0), 'nothing.png').expect(400);
    expect(zeroBytes.body.message).toBe('Please choose a picture');
  });

  it('refuses an image whose content is broken with a sentence, not a 500', async () => {
    const png = await pngOf(200, 200);
    const broken = Buffer.concat([png.subarray(0, 64), Buffer.alloc(5000, 1)]);
    const response = await upload(rose, broken, 'broken.png').expect(415);
    expect(response.body.message).toBe(
      'This picture could not be read. Please choose a JPEG, PNG, WebP or GIF picture.',
    );
    expect(await storedPictures(profile.storageDir)).toEqual([]);
  });

  it('stores a square 512 px WebP with the EXIF orientation applied, and answers the updated user', async () => {
    const jpeg = await sidewaysJpeg();
    expect(await sharp(jpeg).metadata()).toMatchObject({ width: 300, height: 200, orientation: 6 });

    const response = await upload(rose, jpeg, 'IMG_0001.JPG').expect(200);
    expect(response.body).toMatchObject({ id: rose.id, username: 'rose.p', displayName: 'Grandma Rose' });
    expect(response.body.profilePicture).toMatch(new RegExp(`^/api/users/${rose.id}/picture\\?v=\\d+$`));

    const served = await fetchPicture(response.body.profilePicture).expect(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const picture = served.body as Buffer;
    const meta = await sharp(picture).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(meta.orientation).toBeUndefined();
    // Turned upright: the left (red) half of the stored image is now on top, the right (blue) half below.
    const [topR, , topB] = await colourAt(picture, 256, 40);
    const [bottomR, , bottomB] = await colourAt(picture, 256, 470);
    expect(topR).toBeGreaterThan(200);
    expect(topB).toBeLessThan(60);
    expect(bottomB).toBeGreaterThan(200);
    expect(bottomR).toBeLessThan(60);

    // Stored under a key the service made, never the file's name.
    expect(await storedPictures(profile.storageDir)).toEqual([
      `${rose.id}-${response.body.profilePicture.split('=')[1]}.webp`,
    ]);
  });

  it('serves the picture with an ETag, long private caching for the versioned URL, and 304 when unchanged', async () => {
    const me = (await request(profile.url).get('/api/user').set(asUser(rose)).expect(200)).body;
    const first = await fetchPicture(me.profilePicture).expect(200);
    expect(first.headers.etag).toMatch(/^".+"$/);
    expect(first.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(Number(first.headers['content-length'])).toBe((first.body as Buffer).length);

    const again = await fetchPicture(me.profilePicture, { 'if-none-match': first.headers.etag }).expect(304);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect((again.body as Buffer).length).toBe(0);
    await fetchPicture(me.profilePicture, { 'if-none-match': '"something-else"' }).expect(200);

    // Without the current version the answer must be checked again each time.
    const unversioned = await fetchPicture(`/api/users/${rose.id}/picture`).expect(200);
    expect(unversioned.headers['cache-control']).toBe('private, no-cache');
    // Signed-out visitors get nothing.
    await request(profile.url).get(me.profilePicture).expect(401);
  });

  it('gives a new picture a new URL and deletes the previous object', async () => {
    const before = (await request(profile.url).get('/api/user').set(asUser(rose)).expect(200)).body
      .profilePicture as string;
    const [beforeKey] = await storedPictures(profile.storageDir);
    const firstEtag = (await fetchPicture(before).expect(200)).headers.etag;

    const after = (await upload(rose, await pngOf(800, 600), 'garden.png').expect(200)).body.profilePicture as string;
    expect(after).not.toBe(before);
    const afterVersion = Number(after.split('=')[1]);
    expect(afterVersion).toBeGreaterThan(Number(before.split('=')[1]));

    const keys = await storedPictures(profile.storageDir);
    expect(keys).toEqual([`${rose.id}-${afterVersion}.webp`]);
    expect(keys).not.toContain(beforeKey);
    await expect(fs.stat(path.join(profile.storageDir, 'pictures', beforeKey))).rejects.toThrow();

    const served = await fetchPicture(after).expect(200);
    expect(served.headers.etag).not.toBe(firstEtag);
    expect(await sharp(served.body as Buffer).metadata()).toMatchObject({ format: 'webp', width: 512, height: 512 });
    // The old URL no longer names the current picture: not cacheable for good any more.
    expect((await fetchPicture(before).expect(200)).headers['cache-control']).toBe('private, no-cache');
  });

  it("changes only the uploader's own picture", async () => {
    const roseBefore = (await request(profile.url).get(`/api/users/${rose.id}`).set(asUser(bob)).expect(200)).body;
    const bobs = await upload(bob, await pngOf(100, 300), 'bob.png').expect(200);
    expect(bobs.body.id).toBe(bob.id);
    expect((await request(profile.url).get(`/api/users/${rose.id}`).set(asUser(bob)).expect(200)).body).toEqual(
      roseBefore,
    );
    expect(await storedPictures(profile.storageDir)).toHaveLength(2);
    // The directory shows each person's picture.
    const lookup = (await request(profile.url).get('/api/users').set(asUser(rose)).expect(200)).body as Array<{
      id: number;
      profilePicture: string | null;
    }>;
    expect(lookup.find((u) => u.id === bob.id)?.profilePicture).toBe(bobs.body.profilePicture);
  });

  it('answers 404 for a person without a picture and for an unknown person', async () => {
    const nobody = await createPerson(profile.url, 2003, 'no.picture');
    const none = await fetchPicture(`/api/users/${nobody.id}/picture?v=1`).expect(404);
    expect(JSON.parse((none.body as Buffer).toString()).message).toBe('This person has no profile picture.');
    await fetchPicture('/api/users/999999/picture').expect(404);
    await fetchPicture('/api/users/abc/picture').expect(400);
  });

  it('is ready only while its storage is usable', async () => {
    const other = await startProfile();
    try {
      await request(other.url).get('/ready').expect(200);
      await fs.rm(other.storageDir, { recursive: true, force: true });
      const response = await request(other.url).get('/ready').expect(503);
      expect(response.body.message).toBe('Not ready yet: a data store is unreachable.');
    } finally {
      await other.close();
    }
  });
});
