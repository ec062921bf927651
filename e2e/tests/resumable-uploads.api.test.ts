import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import * as tus from 'tus-js-client';
import {
  DISK_FULL_MESSAGE,
  UPLOAD_EXISTING_MEDIA_ID_HEADER,
  UPLOAD_MEDIA_ID_HEADER,
  type UploadMetadata,
} from '@family/contract';
import { signUp, type SignedUp } from '../support/api';
import { privateAlbum, uploadMedia, waitPrepared } from '../support/media';
import { stack } from '../support/stack';

// Resumable uploads (tus 1.0) through the gateway: docs/api.md "Resumable uploads".
const UPLOAD_NOT_FOUND = "This upload doesn't exist, or it has expired. Start it again.";

/** A JPEG of noise (a few tens of KB, unlike one colour), different every time; `takenAt` adds its EXIF date. */
function jpeg(
  _label: number,
  { width = 160, height = 120, takenAt }: { width?: number; height?: number; takenAt?: string } = {},
): Promise<Buffer> {
  const image = sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } }).jpeg({ quality: 95 });
  return (takenAt ? image.withExif({ IFD2: { DateTimeOriginal: takenAt } }) : image).toBuffer();
}

/** Upload-Metadata as tus sends it: each value base64. */
function metadataHeader(metadata: Record<string, string>): string {
  return Object.entries(metadata)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
}

/** A raw tus request through the gateway as this person. */
async function tusCall(
  person: SignedUp,
  method: string,
  url: string,
  headers: Record<string, string> = {},
  body?: Buffer,
): Promise<{ status: number; headers: Headers; body: any }> {
  const response = await fetch(`${person.client.base}${url}`, {
    method,
    headers: { cookie: person.client.cookie, 'Tus-Resumable': '1.0.0', ...headers },
    body: body ? new Uint8Array(body) : undefined,
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON
  }
  return { status: response.status, headers: response.headers, body: parsed };
}

/** POST /api/uploads: the new upload's address, or the refusal. */
function create(person: SignedUp, size: number, metadata: Record<string, string>, extra: Record<string, string> = {}) {
  return tusCall(person, 'POST', '/api/uploads', {
    'Upload-Length': String(size),
    'Upload-Metadata': metadataHeader(metadata),
    ...extra,
  });
}

function patch(person: SignedUp, location: string, offset: number, bytes: Buffer) {
  return tusCall(
    person,
    'PATCH',
    location,
    { 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
    bytes,
  );
}

/** tus-js-client in Node, as a phone's browser would run it, with the person's session cookie. */
function tusUpload(
  person: SignedUp,
  bytes: Buffer,
  metadata: UploadMetadata,
  options: Partial<tus.UploadOptions> = {},
): Promise<tus.HttpResponse> {
  return new Promise((resolve, reject) => {
    const upload = new tus.Upload(bytes, {
      endpoint: `${person.client.base}/api/uploads`,
      headers: { cookie: person.client.cookie },
      metadata: metadata as unknown as Record<string, string>,
      chunkSize: 64 * 1024,
      retryDelays: [],
      storeFingerprintForResuming: false,
      onSuccess: ({ lastResponse }) => resolve(lastResponse),
      onError: reject,
      ...options,
    });
    upload.start();
  });
}

describe('resumable uploads through the gateway', () => {
  let rose: SignedUp;
  let tom: SignedUp;

  beforeAll(async () => {
    rose = await signUp('trose');
    tom = await signUp('ttom');
  });

  it('takes a photo in chunks, interrupted and resumed from the offset the server holds, and makes it an item', async () => {
    const since = new Date().toISOString();
    const bytes = await jpeg(201, { width: 900, height: 600, takenAt: '2001:05:06 10:00:00' });
    const created = await create(rose, bytes.length, { filename: 'Garden party.JPG', filetype: 'image/jpeg' });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    expect(location).toMatch(/^\/api\/uploads\/[0-9a-f]{32}$/);

    // The first part arrives; then the connection drops.
    const first = await patch(rose, location, 0, bytes.subarray(0, 5000));
    expect([first.status, first.headers.get('upload-offset')]).toEqual([204, '5000']);
    const head = await tusCall(rose, 'HEAD', location);
    expect([head.status, head.headers.get('upload-offset'), head.headers.get('upload-length')]).toEqual([
      200,
      '5000',
      String(bytes.length),
    ]);
    // A PATCH at the wrong offset changes nothing.
    expect((await patch(rose, location, 10, bytes.subarray(10, 20))).status).toBe(409);

    // tus-js-client resumes at the upload's address from the offset HEAD gives.
    const last = await tusUpload(
      rose,
      bytes,
      { filename: 'Garden party.JPG' },
      { uploadUrl: `${rose.client.base}${location}` },
    );
    expect(last.getStatus()).toBe(204);
    const mediaId = Number(last.getHeader(UPLOAD_MEDIA_ID_HEADER));
    expect(mediaId).toBeGreaterThan(0);

    const item = await rose.client.get(`/api/media/${mediaId}`);
    expect(item.body).toMatchObject({ type: 'photo', title: 'Garden party', originalName: 'Garden party.JPG' });
    expect(item.body.sizeBytes).toBe(bytes.length);
    const file = await fetch(`${rose.client.base}/api/media/${mediaId}/file`, {
      headers: { cookie: rose.client.cookie },
    });
    expect(Buffer.from(await file.arrayBuffer())).toEqual(bytes);
    expect((await waitPrepared(rose.client, mediaId)).mediaDate).toBe('2001-05-06');

    // A client that lost the last answer asks again: HEAD shows every byte, with the item; so does result.
    const after = await tusCall(rose, 'HEAD', location);
    expect([after.status, after.headers.get('upload-offset'), after.headers.get(UPLOAD_MEDIA_ID_HEADER)]).toEqual([
      200,
      String(bytes.length),
      String(mediaId),
    ]);
    const id = location.split('/').pop();
    expect(await rose.client.get(`/api/uploads/${id}/result`)).toMatchObject({ status: 200, body: { mediaId } });
    // tus-js-client resuming it (after a reload, say) finds it done and is told the item, sending nothing.
    let chunksSent = 0;
    const resumed = await tusUpload(
      rose,
      bytes,
      { filename: 'Garden party.JPG' },
      { uploadUrl: `${rose.client.base}${location}`, onChunkComplete: () => (chunksSent += 1) },
    );
    expect(chunksSent).toBe(0);
    expect(resumed.getHeader(UPLOAD_MEDIA_ID_HEADER)).toBe(String(mediaId));
    // Its bytes are no longer held as an upload.
    expect(fs.existsSync(path.join(stack.dataDir, 'objects', '.uploads', id!))).toBe(false);

    // "Just uploaded": the old photo first, whatever its date.
    const recent = await rose.client.get(`/api/media?uploadedSince=${encodeURIComponent(since)}`);
    expect(recent.status).toBe(200);
    expect(recent.body.items.map((entry: { id: number }) => entry.id)).toEqual([mediaId]);
  });

  it('answers the same bytes again with the existing item, and lists them as already in the archive', async () => {
    const bytes = await jpeg(202);
    const first = await tusUpload(rose, bytes, { filename: 'twice.jpg', title: 'Once' });
    const mediaId = Number(first.getHeader(UPLOAD_MEDIA_ID_HEADER));
    const again = await tusUpload(rose, bytes, { filename: 'twice-again.jpg' });
    expect(again.getStatus()).toBe(204);
    expect(again.getHeader(UPLOAD_MEDIA_ID_HEADER)).toBeFalsy();
    expect(Number(again.getHeader(UPLOAD_EXISTING_MEDIA_ID_HEADER))).toBe(mediaId);
    expect((await rose.client.get(`/api/media/${mediaId}`)).body.title).toBe('Once');

    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const other = 'ab'.repeat(32);
    const exists = await rose.client.post('/api/media/exists', { sha256: [other, sha256.toUpperCase()] });
    expect(exists).toMatchObject({ status: 200, body: { items: [{ sha256, mediaId }] } });
    // Only one's own uploads count: the dedupe is per uploader.
    expect((await tom.client.post('/api/media/exists', { sha256: [sha256] })).body).toEqual({ items: [] });
    // In the trash it is marked, as uploading it again is refused.
    expect((await rose.client.delete(`/api/media/${mediaId}`)).status).toBe(204);
    expect((await rose.client.post('/api/media/exists', { sha256: [sha256] })).body).toEqual({
      items: [{ sha256, mediaId, inTrash: true }],
    });
    const created = await create(rose, bytes.length, { filename: 'third.jpg' });
    const trashed = await patch(rose, created.headers.get('location')!, 0, bytes);
    expect([trashed.status, trashed.body.message]).toEqual([
      422,
      'You already uploaded this file, and it is in the trash: restore it from there.',
    ]);

    const tooMany = await rose.client.post('/api/media/exists', { sha256: Array(1001).fill(sha256) });
    expect([tooMany.status, tooMany.body.message]).toEqual([400, 'Ask about at most 1000 files at once.']);
    const notHex = await rose.client.post('/api/media/exists', { sha256: ['xyz'] });
    expect(notHex.status).toBe(400);
    expect((await fetch(`${rose.client.base}/api/media/exists`, { method: 'POST' })).status).toBe(401);
  });

  it("keeps an upload its member's: anyone else's HEAD, PATCH, DELETE and result answer 404", async () => {
    const bytes = await jpeg(203);
    const created = await create(rose, bytes.length, { filename: 'mine.jpg' });
    const location = created.headers.get('location')!;
    await patch(rose, location, 0, bytes.subarray(0, 100));
    const id = location.split('/').pop();
    for (const [method, extra] of [
      ['HEAD', {}],
      ['PATCH', { 'Upload-Offset': '100', 'Content-Type': 'application/offset+octet-stream' }],
      ['DELETE', {}],
    ] as const) {
      const answer = await tusCall(tom, method, location, extra, method === 'PATCH' ? bytes.subarray(100) : undefined);
      expect([method, answer.status]).toEqual([method, 404]);
      if (method === 'PATCH') expect(answer.body.message).toBe(UPLOAD_NOT_FOUND);
    }
    expect((await tom.client.get(`/api/uploads/${id}/result`)).status).toBe(404);
    // Signed out: nobody.
    expect(
      (await fetch(`${rose.client.base}${location}`, { method: 'HEAD', headers: { 'Tus-Resumable': '1.0.0' } })).status,
    ).toBe(401);
    // Untouched by all that: the member goes on, then cancels it.
    expect((await tusCall(rose, 'HEAD', location)).headers.get('upload-offset')).toBe('100');
    expect((await tusCall(rose, 'DELETE', location)).status).toBe(204);
    expect((await tusCall(rose, 'HEAD', location)).status).toBe(404);
  });

  it('refuses bad metadata, a missing length and a file over the limit when the upload is made, before any byte', async () => {
    const refused = async (size: number | null, metadata: Record<string, string>) => {
      const answer = await tusCall(rose, 'POST', '/api/uploads', {
        ...(size === null ? {} : { 'Upload-Length': String(size) }),
        'Upload-Metadata': metadataHeader(metadata),
      });
      expect(answer.headers.get('location')).toBeNull();
      return [answer.status, answer.body.message];
    };
    const tomsAlbum = await privateAlbum(tom.client, 'Not yours');
    expect(await refused(10, { filename: 'a.jpg', albumId: String(tomsAlbum) })).toEqual([
      403,
      expect.stringMatching(/album/i),
    ]);
    expect(await refused(10, { filename: 'a.jpg', albumId: 'abc' })).toEqual([
      400,
      'Please choose an album from the list, or No Album.',
    ]);
    expect(await refused(10, { filename: 'a.jpg', taggedUsers: '[2147483647]' })).toEqual([
      404,
      'This person is not in the family archive.',
    ]);
    expect(await refused(10, { filename: 'a.jpg', taggedUsers: 'tom' })).toEqual([
      400,
      'taggedUsers must be a list of person ids, like [12, 40].',
    ]);
    expect(await refused(10, { filename: 'a.jpg', mediaDate: '2020-02-30' })).toEqual([
      400,
      'Please enter the date as YYYY-MM-DD',
    ]);
    expect(await refused(10, { filename: 'a.jpg', title: 'x'.repeat(201) })).toEqual([
      400,
      'Title must be at most 200 characters',
    ]);
    expect(await refused(10, { filetype: 'image/jpeg' })).toEqual([
      400,
      'Name the file in the upload\'s metadata ("filename").',
    ]);
    expect(await refused(null, { filename: 'a.jpg' })).toEqual([
      400,
      'Send the size of the file (Upload-Length) when the upload is made.',
    ]);
    // The test stack's MAX_UPLOAD_MB is 50.
    expect(await refused(50 * 1024 * 1024 + 1, { filename: 'long.mov' })).toEqual([
      413,
      'File size must be less than 50 MB',
    ]);
    // Another site's page may not start one (the gateway's CSRF rule).
    const crossSite = await tusCall(rose, 'POST', '/api/uploads', {
      'Upload-Length': '10',
      'Upload-Metadata': metadataHeader({ filename: 'a.jpg' }),
      Origin: 'https://evil.example',
    });
    expect(crossSite.status).toBe(403);
  });

  it('uploads into an album with people tagged, as POST /api/media would', async () => {
    const album = await privateAlbum(rose.client, 'Holiday');
    const bytes = await jpeg(204);
    const last = await tusUpload(rose, bytes, {
      filename: 'beach.jpg',
      title: 'At the beach',
      description: 'Windy',
      mediaDate: '1999-08-01',
      albumId: String(album),
      taggedUsers: JSON.stringify([tom.user.id]),
    });
    const item = await rose.client.get(`/api/media/${last.getHeader(UPLOAD_MEDIA_ID_HEADER)}`);
    expect(item.body).toMatchObject({
      title: 'At the beach',
      description: 'Windy',
      mediaDate: '1999-08-01',
      albumId: album,
      tags: [{ userId: tom.user.id }],
    });
    // Tagged, Tom sees it though the album is not his.
    expect((await tom.client.get(`/api/media/${item.body.id}`)).status).toBe(200);
  });

  it('refuses a file the archive does not keep with its sentence when the last byte is in, and keeps nothing', async () => {
    const zip = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(2000, 7)]);
    const created = await create(rose, zip.length, { filename: 'photos.zip' });
    const location = created.headers.get('location')!;
    await patch(rose, location, 0, zip.subarray(0, 1000));
    const last = await patch(rose, location, 1000, zip.subarray(1000));
    expect(last.status).toBe(415);
    expect(last.body.message).toMatch(/archive|not a photo/i);
    expect((await tusCall(rose, 'HEAD', location)).status).toBe(404);
    const id = location.split('/').pop();
    expect(await rose.client.get(`/api/uploads/${id}/result`)).toMatchObject({
      status: 415,
      body: { message: last.body.message },
    });
    expect(fs.existsSync(path.join(stack.dataDir, 'objects', '.uploads', id!))).toBe(false);
  });

  it('answers a full disk with 507 and keeps nothing of the upload', async () => {
    const bytes = await jpeg(205);
    const created = await create(rose, bytes.length, { filename: 'full.jpg' });
    const location = created.headers.get('location')!;
    const id = location.split('/').pop()!;
    // The upload's bytes go to a file whose every write fails for want of space: Linux's /dev/full.
    const file = path.join(stack.dataDir, 'objects', '.uploads', id);
    fs.rmSync(file);
    fs.symlinkSync('/dev/full', file);
    const full = await patch(rose, location, 0, bytes);
    expect([full.status, full.body.message]).toEqual([507, DISK_FULL_MESSAGE]);
    expect(fs.existsSync(file) || fs.lstatSync(file, { throwIfNoEntry: false }) !== undefined).toBe(false);
    expect((await tusCall(rose, 'HEAD', location)).status).toBe(404);
  });

  it('lists what one uploaded since a time, newest upload first, a page at a time', async () => {
    const since = new Date().toISOString();
    const ids: number[] = [];
    for (const [shade, date] of [
      [206, '1980-01-01'],
      [207, '2024-06-01'],
      [208, '1950-03-03'],
    ] as const) {
      const item = await uploadMedia(
        rose.client,
        { type: 'photo', title: `Old ${shade}`, mediaDate: date },
        { bytes: await jpeg(shade), name: `${shade}.jpg`, type: 'image/jpeg' },
      );
      ids.push(item.id);
    }
    // Tom's upload is not Rose's "just uploaded".
    await uploadMedia(
      tom.client,
      { type: 'photo', title: 'Toms' },
      { bytes: await jpeg(209), name: 't.jpg', type: 'image/jpeg' },
    );
    const first = await rose.client.get(`/api/media?uploadedSince=${encodeURIComponent(since)}&limit=2`);
    expect(first.body.items.map((item: { id: number }) => item.id)).toEqual([ids[2], ids[1]]);
    const second = await rose.client.get(
      `/api/media?uploadedSince=${encodeURIComponent(since)}&limit=2&cursor=${first.body.nextCursor}`,
    );
    expect(second.body).toMatchObject({ items: [{ id: ids[0] }], nextCursor: null });
    const bad = await rose.client.get('/api/media?uploadedSince=yesterday');
    expect([bad.status, bad.body.message]).toEqual([
      400,
      'uploadedSince must be a time as ISO 8601, such as 2026-11-27T18:00:00Z.',
    ]);
    // A cursor of the other order is refused, not misread.
    const mixed = await rose.client.get(`/api/media?cursor=${first.body.nextCursor}`);
    expect(mixed.status).toBe(400);
  });
});
