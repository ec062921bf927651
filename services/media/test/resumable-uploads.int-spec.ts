import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { UPLOAD_MEDIA_ID_HEADER } from '@family/contract';
import { S3_TEST_CREDENTIALS, startS3TestServer } from '@family/shared/testing';
import { UploadExpiry } from '../src/uploads/upload-expiry';
import { UPLOADS_FOLDER, uploadsBucket } from '../src/uploads/upload-store';
import { addPerson, type MediaStack, type Person, startMediaStack } from './support';

const HOUR = 3600_000;

/** A PNG of noise: about `side`² × 3 bytes, as noise does not compress. */
function noisyPng(side: number): Promise<Buffer> {
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** One tus request straight to the media service, as the gateway sends it for `person`. */
async function tus(
  stack: MediaStack,
  person: Person,
  method: string,
  url: string,
  headers: Record<string, string> = {},
  body?: Buffer,
): Promise<Response> {
  return fetch(`${stack.media.url}${url}`, {
    method,
    headers: { ...person.headers, 'Tus-Resumable': '1.0.0', ...headers },
    body: body ? new Uint8Array(body) : undefined,
  });
}

async function createUpload(stack: MediaStack, person: Person, size: number, fileName: string): Promise<string> {
  const response = await tus(stack, person, 'POST', '/api/uploads', {
    'Upload-Length': String(size),
    'Upload-Metadata': `filename ${Buffer.from(fileName).toString('base64')}`,
  });
  expect(response.status).toBe(201);
  return response.headers.get('location')!;
}

function patch(stack: MediaStack, person: Person, location: string, offset: number, bytes: Buffer) {
  return tus(
    stack,
    person,
    'PATCH',
    location,
    { 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
    bytes,
  );
}

describe('resumable uploads kept in a folder: expiry', () => {
  let stack: MediaStack;
  let alice: Person;

  beforeAll(async () => {
    stack = await startMediaStack();
    alice = await addPerson(stack, 301, 'ualice', 'Uploading Alice');
  });

  afterAll(async () => {
    await stack.close();
  });

  it('removes an upload left unfinished for 24 hours with its bytes, and keeps a younger one', async () => {
    const bytes = await noisyPng(64);
    const old = await createUpload(stack, alice, bytes.length, 'old.png');
    expect((await patch(stack, alice, old, 0, bytes.subarray(0, 100))).status).toBe(204);
    const file = path.join(stack.storageDir, UPLOADS_FOLDER, old.split('/').pop()!);
    expect(fs.statSync(file).size).toBe(100);
    const expiry = stack.worker!.get(UploadExpiry);

    // An hour before its time nothing goes.
    expect(await expiry.sweep(new Date(Date.now() + 23 * HOUR))).toBe(0);
    expect((await tus(stack, alice, 'HEAD', old)).headers.get('upload-offset')).toBe('100');
    // Made two hours earlier than a younger one: 23 hours on, it is past its 24 hours and goes; the younger stays.
    const oldId = old.split('/').pop();
    await stack.db.query(`UPDATE uploads SET created_at = created_at - interval '2 hours' WHERE id = $1`, [oldId]);
    const young = await createUpload(stack, alice, bytes.length, 'young.png');
    expect(await expiry.sweep(new Date(Date.now() + 23 * HOUR))).toBe(1);
    expect(fs.existsSync(file)).toBe(false);
    expect((await tus(stack, alice, 'HEAD', old)).status).toBe(404);
    expect(await stack.db.query(`SELECT id FROM uploads WHERE id = $1`, [oldId])).toEqual([]);
    expect((await tus(stack, alice, 'HEAD', young)).status).toBe(200);
  });

  it("forgets a finished upload's outcome after a week", async () => {
    const bytes = await noisyPng(32);
    const location = await createUpload(stack, alice, bytes.length, 'done.png');
    const done = await patch(stack, alice, location, 0, bytes);
    expect(done.status).toBe(204);
    const mediaId = Number(done.headers.get(UPLOAD_MEDIA_ID_HEADER));
    const result = `${location}/result`;
    expect(await (await tus(stack, alice, 'GET', result)).json()).toEqual({ mediaId });
    await stack.worker!.get(UploadExpiry).sweep(new Date(Date.now() + 6 * 24 * HOUR));
    expect((await tus(stack, alice, 'GET', result)).status).toBe(200);
    await stack.worker!.get(UploadExpiry).sweep(new Date(Date.now() + 8 * 24 * HOUR));
    expect((await tus(stack, alice, 'GET', result)).status).toBe(404);
  });
});

describe('resumable uploads kept in MinIO (an S3-compatible server)', () => {
  let s3: Awaited<ReturnType<typeof startS3TestServer>>;
  let stack: MediaStack;
  let bob: Person;
  const bucket = 'media-tus-test';
  let client: S3Client;

  beforeAll(async () => {
    s3 = await startS3TestServer();
    const minio = {
      MINIO_ENDPOINT: '127.0.0.1',
      MINIO_PORT: String(s3.port),
      MINIO_ACCESS_KEY: S3_TEST_CREDENTIALS.accessKey,
      MINIO_SECRET_KEY: S3_TEST_CREDENTIALS.secretKey,
      MINIO_BUCKET: bucket,
    };
    // A database of its own: the other stack's items have their files in a folder this worker cannot see.
    stack = await startMediaStack({ mediaEnv: minio, ownDatabase: true });
    bob = await addPerson(stack, 302, 'ubob', 'Uploading Bob');
    client = new S3Client({
      endpoint: `http://127.0.0.1:${s3.port}`,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: minio.MINIO_ACCESS_KEY, secretAccessKey: minio.MINIO_SECRET_KEY },
    });
  });

  afterAll(async () => {
    client?.destroy();
    await stack?.close();
    await s3?.close();
  });

  const uploadObjects = async () =>
    ((await client.send(new ListObjectsV2Command({ Bucket: uploadsBucket(bucket) }))).Contents ?? []).map(
      (object) => object.Key,
    );

  it('takes a photo of several MB in parts across interrupted requests and makes it an item, leaving no upload behind', async () => {
    const bytes = await noisyPng(1500); // about 6.75 MB: more than one 5 MB part
    expect(bytes.length).toBeGreaterThan(6 * 1024 * 1024);
    const location = await createUpload(stack, bob, bytes.length, 'scan.png');
    const first = await patch(stack, bob, location, 0, bytes.subarray(0, 3_000_000));
    expect([first.status, first.headers.get('upload-offset')]).toEqual([204, '3000000']);
    const head = await tus(stack, bob, 'HEAD', location);
    expect(head.headers.get('upload-offset')).toBe('3000000');
    const last = await patch(stack, bob, location, 3_000_000, bytes.subarray(3_000_000));
    expect(last.status).toBe(204);
    const mediaId = Number(last.headers.get(UPLOAD_MEDIA_ID_HEADER));
    const file = await fetch(`${stack.media.url}/api/media/${mediaId}/file`, { headers: bob.headers });
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
    const item = await (await fetch(`${stack.media.url}/api/media/${mediaId}`, { headers: bob.headers })).json();
    expect(item).toMatchObject({ type: 'photo', title: 'scan', sizeBytes: bytes.length });
    expect(await uploadObjects()).toEqual([]);
  });

  it('removes an expired upload from the bucket', async () => {
    const bytes = await noisyPng(64);
    const location = await createUpload(stack, bob, bytes.length, 'left.png');
    expect((await patch(stack, bob, location, 0, bytes.subarray(0, 500))).status).toBe(204);
    expect((await uploadObjects()).length).toBeGreaterThan(0);
    await stack.worker!.get(UploadExpiry).sweep(new Date(Date.now() + 25 * HOUR));
    expect((await tus(stack, bob, 'HEAD', location)).status).toBe(404);
    expect(await uploadObjects()).toEqual([]);
  });
});
