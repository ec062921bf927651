import { createHash, randomBytes } from 'node:crypto';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { HttpException, Logger, PayloadTooLargeException, UnsupportedMediaTypeException } from '@nestjs/common';
import { DISK_FULL_MESSAGE } from '@family/contract';
import { isStorageFull, type ObjectStorage } from '../storage/object-storage';
import { LocalFolderStorage, TEMP_FOLDER } from '../storage/local-folder-storage';
import { STORAGE_UNAVAILABLE, storeUpload, storeUploadFromFile } from './store-upload';

const gate = {
  maxBytes: 1_000_000,
  tooLargeMessage: 'File size must be less than 1 MB',
  headBytes: 1024,
  inspect: (head: Buffer) => head.subarray(0, 4).toString('latin1'),
};

/** The chunks a browser upload arrives in, more or less. */
const chunked = (bytes: Buffer) =>
  Readable.from(Array.from({ length: 20 }, (_, i) => bytes.subarray(i * 25_000, (i + 1) * 25_000)));

describe(storeUpload.name, () => {
  let root: string;
  let storage: LocalFolderStorage;

  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'store-upload-'));
    storage = new LocalFolderStorage(root);
    await storage.ensureReady();
  });

  afterEach(() => fs.rm(root, { recursive: true, force: true }));

  const leftovers = () => fs.readdir(path.join(root, TEMP_FOLDER));

  it('stores the file under the key, with its size, sha256, head and what the inspection found', async () => {
    const bytes = Buffer.concat([Buffer.from('%PDF'), randomBytes(500_000 - 4)]);
    const stored = await storeUpload(storage, 'media/2026/01/abc', chunked(bytes), gate);
    expect(stored).toEqual({
      key: 'media/2026/01/abc',
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      head: bytes.subarray(0, 1024),
      inspected: '%PDF',
    });
    expect(await fs.readFile(path.join(root, 'media/2026/01/abc'))).toEqual(bytes);
  });

  it('keeps nothing of a file its inspection refuses, and answers the refusal as it is', async () => {
    const refusal = new UnsupportedMediaTypeException('A photo must be an image file.');
    const attempt = storeUpload(storage, 'media/refused', chunked(randomBytes(500_000)), {
      ...gate,
      inspect: () => {
        throw refusal;
      },
    });
    await expect(attempt).rejects.toBe(refusal);
    expect(await storage.stat('media/refused')).toBeNull();
    expect(await leftovers()).toEqual([]);
  });

  it('keeps nothing of a file over the cap, and answers 413', async () => {
    const attempt = storeUpload(storage, 'media/big', chunked(randomBytes(500_000)), { ...gate, maxBytes: 100_000 });
    await expect(attempt).rejects.toThrow(PayloadTooLargeException);
    await expect(attempt).rejects.toThrow('File size must be less than 1 MB');
    expect(await storage.stat('media/big')).toBeNull();
    expect(await leftovers()).toEqual([]);
  });

  it('answers 503 with a sentence when storage fails', async () => {
    // A file where the key's folder should be: the storage cannot write there.
    await fs.writeFile(path.join(root, 'media'), 'in the way');
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    try {
      const attempt = storeUpload(storage, 'media/2026/x', chunked(randomBytes(1000)), gate);
      await expect(attempt).rejects.toThrow(STORAGE_UNAVAILABLE);
      expect(logged).toHaveBeenCalledWith(expect.stringContaining('Storing an upload failed'));
    } finally {
      logged.mockRestore();
    }
    expect(await leftovers()).toEqual([]);
  });
});

describe(storeUploadFromFile.name, () => {
  let root: string;
  let storage: LocalFolderStorage;
  let file: string;
  const bytes = Buffer.concat([Buffer.from('%PDF'), randomBytes(300_000)]);
  const sha256 = createHash('sha256').update(bytes).digest('hex');

  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'store-from-file-'));
    storage = new LocalFolderStorage(root);
    await storage.ensureReady();
    file = path.join(root, '.uploads', 'finished');
    await fs.mkdir(path.dirname(file));
    await fs.writeFile(file, bytes);
  });

  afterEach(() => fs.rm(root, { recursive: true, force: true }));

  it('reads the file once for its sha256 and kind, and links it under the key; the file stays', async () => {
    const stored = await storeUploadFromFile(storage, 'media/a', file, gate);
    expect(stored).toMatchObject({ key: 'media/a', size: bytes.length, sha256, inspected: '%PDF' });
    expect((await fs.stat(path.join(root, 'media', 'a'))).ino).toBe((await fs.stat(file)).ino);
  });

  it('takes a sha256 computed as the bytes came, reading only the head for the inspection', async () => {
    const stored = await storeUploadFromFile(storage, 'media/b', file, gate, 'ab'.repeat(32));
    expect(stored).toMatchObject({ size: bytes.length, sha256: 'ab'.repeat(32), inspected: '%PDF' });
    expect(stored.head.length).toBe(gate.headBytes);
  });

  it('keeps nothing under the key when the inspection refuses the file', async () => {
    const refuse = { ...gate, inspect: () => Promise.reject(new UnsupportedMediaTypeException('Not kept')) };
    await expect(storeUploadFromFile(storage, 'media/c', file, refuse)).rejects.toThrow('Not kept');
    await expect(storage.stat('media/c')).resolves.toBeNull();
  });

  it('streams the file in with put where storage cannot link', async () => {
    const puts: string[] = [];
    // A storage of put alone, like MinIO's: no linkFile.
    const plain = {
      put: (key: string, body: Readable) => {
        puts.push(key);
        return storage.put(key, body);
      },
      delete: (key: string) => storage.delete(key),
    } as unknown as ObjectStorage;
    const stored = await storeUploadFromFile(plain, 'media/d', file, gate);
    expect([puts, stored.sha256]).toEqual([['media/d'], sha256]);
  });
});

describe('a full disk', () => {
  it('answers 507 with its sentence when the write fails for want of space (Linux /dev/full)', async () => {
    // Every write to /dev/full fails with ENOSPC: a real full disk, without filling one.
    const full: ObjectStorage = {
      put: async (_key, body) => {
        await pipeline(body, createWriteStream('/dev/full'));
        return { size: 0 };
      },
      ensureReady: async () => undefined,
      get: async () => Readable.from([]),
      stat: async () => null,
      // eslint-disable-next-line require-yield
      list: async function* () {
        return;
      },
      delete: async () => undefined,
      ping: async () => undefined,
    };
    const failure = await storeUpload(full, 'media/2026/01/full', chunked(randomBytes(200_000)), gate).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(HttpException);
    expect([(failure as HttpException).getStatus(), (failure as HttpException).message]).toEqual([
      507,
      DISK_FULL_MESSAGE,
    ]);
  });

  it('knows a full disk, quota or MinIO by its code, also as the cause of another error', () => {
    expect(isStorageFull(Object.assign(new Error('no space'), { code: 'ENOSPC' }))).toBe(true);
    expect(isStorageFull(new Error('wrapped', { cause: Object.assign(new Error('quota'), { code: 'EDQUOT' }) }))).toBe(
      true,
    );
    expect(isStorageFull({ Code: 'XMinioStorageFull' })).toBe(true);
    expect(isStorageFull(Object.assign(new Error('gone'), { code: 'ENOENT' }))).toBe(false);
    expect(isStorageFull(null)).toBe(false);
  });
});
