import { createHash, randomBytes } from 'node:crypto';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { ERRORS, Upload } from '@tus/utils';
import { createUploadStore, UPLOADS_FOLDER, type UploadStore } from './upload-store';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** A body as a socket gives it: pieces of 64 KB. */
const pieces = (bytes: Buffer) =>
  Readable.from(
    Array.from({ length: Math.ceil(bytes.length / 65536) }, (_, i) => bytes.subarray(i * 65536, (i + 1) * 65536)),
  );

describe('the folder upload store receiving a PATCH', () => {
  let root: string;
  let store: UploadStore;
  const id = 'a'.repeat(32);

  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'upload-store-'));
    store = createUploadStore({ STORAGE_DIR: root });
    await store.ensureReady();
  });

  afterEach(() => fs.rm(root, { recursive: true, force: true }));

  const make = (size: number) => store.store.create(new Upload({ id, size, offset: 0 }));
  /** The sha256 of the bytes held (jest compares megabytes of buffers slowly). */
  const held = async () => sha256(await fs.readFile(path.join(root, UPLOADS_FOLDER, id)));

  it('writes a body of many pieces in order across two PATCHes, and knows its sha256 without reading it', async () => {
    const bytes = randomBytes(5 * 1024 * 1024 + 12345);
    await make(bytes.length);
    const half = 3 * 1024 * 1024 + 7;
    expect(await store.receive(pieces(bytes.subarray(0, half)), id, 0, bytes.length)).toBe(half);
    expect(await store.receive(pieces(bytes.subarray(half)), id, half, bytes.length - half)).toBe(bytes.length);
    expect(await held()).toBe(sha256(bytes));
    expect((await store.store.getUpload(id)).offset).toBe(bytes.length);
    expect(store.takeSha256(id, bytes.length)).toBe(sha256(bytes));
  });

  it('keeps every byte that came before the client went, and goes on hashing from there', async () => {
    const bytes = randomBytes(3 * 1024 * 1024);
    await make(bytes.length);
    const body = new PassThrough();
    const receiving = store.receive(body, id, 0, bytes.length);
    body.write(bytes.subarray(0, 1_500_000));
    await new Promise((resolve) => setImmediate(resolve));
    body.destroy(new Error('aborted'));
    const offset = await receiving;
    expect(offset).toBe(1_500_000);
    expect((await store.store.getUpload(id)).offset).toBe(offset);
    await store.receive(pieces(bytes.subarray(offset)), id, offset, bytes.length - offset);
    expect(await held()).toBe(sha256(bytes));
    expect(store.takeSha256(id, bytes.length)).toBe(sha256(bytes));
  });

  it('stops when asked (a newer request for the upload), keeping what came', async () => {
    await make(1000);
    const body = new PassThrough();
    const stop = new AbortController();
    const receiving = store.receive(body, id, 0, 1000, stop.signal);
    body.write(Buffer.alloc(400, 1));
    await new Promise((resolve) => setImmediate(resolve));
    stop.abort();
    body.write(Buffer.alloc(100, 2));
    expect(await receiving).toBe(400);
    expect(await held()).toBe(sha256(Buffer.alloc(400, 1)));
  });

  it('refuses more bytes than the upload has left, writing none of the piece that passed the size', async () => {
    await make(1000);
    const body = Readable.from([Buffer.alloc(600, 1), Buffer.alloc(600, 2)]);
    await expect(store.receive(body, id, 0, 1000)).rejects.toBe(ERRORS.ERR_SIZE_EXCEEDED);
    expect(await held()).toBe(sha256(Buffer.alloc(600, 1)));
    // Not all of it came in order: the finished upload will be read for its sha256 instead.
    expect(store.takeSha256(id, 1000)).toBeNull();
  });
});
