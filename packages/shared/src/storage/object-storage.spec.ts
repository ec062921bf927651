import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { Readable } from 'node:stream';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import { S3_TEST_CREDENTIALS, startS3TestServer } from '../testing';
import { LocalFolderStorage, TEMP_FOLDER } from './local-folder-storage';
import { DEFAULT_PART_SIZE, MinioStorage } from './minio-storage';
import {
  InvalidObjectKeyError,
  InvalidRangeError,
  MAX_KEY_LENGTH,
  MAX_KEY_SEGMENT_LENGTH,
  ObjectNotFoundError,
  type ObjectStorage,
} from './object-storage';

const MiB = 1024 * 1024;

// ---------------------------------------------------------------------------------------------------------
// Test data: bytes from a seeded, counter-based generator, so any range of a stream can be recomputed
// without keeping the stream, and big streams are made chunk by chunk.

// A local alias: looking `Math` up on jest's sandboxed global for every word made this 50 times slower.
const imul = Math.imul;

function word(seed: number, index: number): number {
  let x = (imul(index, 0x9e3779b1) ^ seed) >>> 0;
  x ^= x >>> 16;
  x = imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

/** Bytes [start, endExclusive) of the stream with this seed. */
function seededBytes(seed: number, start: number, endExclusive: number): Buffer {
  const firstWord = Math.floor(start / 4);
  const words = new Uint32Array(Math.ceil(endExclusive / 4) - firstWord);
  for (let i = 0; i < words.length; i++) words[i] = word(seed, firstWord + i);
  const bytes = Buffer.from(words.buffer);
  return bytes.subarray(start - firstWord * 4, endExclusive - firstWord * 4);
}

const CHUNK = 64 * 1024;

/** A stream of `size` seeded bytes, made as it is read; it fails with `failure` after `failAfter` bytes. */
function seededStream(
  seed: number,
  size: number,
  options: { failAfter?: number; failure?: Error; onChunk?: () => void } = {},
): Readable {
  let offset = 0;
  return new Readable({
    read() {
      options.onChunk?.();
      if (options.failAfter !== undefined && offset >= options.failAfter) {
        this.destroy(options.failure ?? new Error('The upload was aborted by the client.'));
        return;
      }
      if (offset >= size) {
        this.push(null);
        return;
      }
      const end = Math.min(size, offset + CHUNK);
      const chunk = seededBytes(seed, offset, end);
      offset = end;
      this.push(chunk);
    },
  });
}

function expectedSha256(seed: number, size: number): string {
  const hash = createHash('sha256');
  for (let offset = 0; offset < size; offset += CHUNK) {
    hash.update(seededBytes(seed, offset, Math.min(size, offset + CHUNK)));
  }
  return hash.digest('hex');
}

async function sha256Of(stream: Readable): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), size };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The engine's garbage collector, as `node --expose-gc` would give it. */
function exposeGc(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

const newKey = (prefix = 'media/2026/11'): string => `${prefix}/${randomUUID()}`;

// ---------------------------------------------------------------------------------------------------------
// The contract both drivers keep.

interface StorageUnderTest {
  storage: ObjectStorage;
  /** Whether stat reports the content type given to put. */
  keepsContentType: boolean;
  /** Files a put may have left in the driver's scratch space (local folder only). */
  leftoverTempFiles?: () => Promise<string[]>;
  close(): Promise<void>;
}

function describeStorageContract(name: string, makeStorage: () => Promise<StorageUnderTest>): void {
  describe(`${name}: ObjectStorage contract`, () => {
    let subject: StorageUnderTest;
    let storage: ObjectStorage;

    beforeAll(async () => {
      subject = await makeStorage();
      storage = subject.storage;
      await storage.ensureReady();
    });

    afterAll(async () => {
      await subject?.close();
    });

    test('ensureReady can run again and again, and ping then answers', async () => {
      await storage.ensureReady();
      await storage.ensureReady();
      await expect(storage.ping()).resolves.toBeUndefined();
    });

    test('a small object round-trips byte-identical, with size, etag and content type', async () => {
      const key = newKey('thumbnails');
      const body = Buffer.from('A photo of grandma, 1962 \u{1F4F7}');
      await expect(storage.put(key, Readable.from([body]), { contentType: 'text/plain' })).resolves.toEqual({
        size: body.length,
      });
      expect(await readAll(await storage.get(key))).toEqual(body);
      const info = await storage.stat(key);
      expect(info).toEqual(expect.objectContaining({ size: body.length, etag: expect.any(String) }));
      expect(info?.etag).not.toBe('');
      if (subject.keepsContentType) expect(info?.contentType).toBe('text/plain');
    });

    test('list names every object under a prefix with its size, and nothing else', async () => {
      const prefix = `listing-${Date.now().toString(36)}/`;
      await storage.put(`${prefix}a`, Readable.from([Buffer.from('one')]));
      await storage.put(`${prefix}deeper/b`, Readable.from([Buffer.from('three')]));
      await storage.put(`other-${prefix}c`, Readable.from([Buffer.from('x')]));
      const listed: Array<{ key: string; size: number }> = [];
      for await (const object of storage.list(prefix)) listed.push(object);
      expect(listed.sort((x, y) => x.key.localeCompare(y.key))).toEqual([
        { key: `${prefix}a`, size: 3 },
        { key: `${prefix}deeper/b`, size: 5 },
      ]);
      const none: unknown[] = [];
      for await (const object of storage.list('nothing-here/')) none.push(object);
      expect(none).toEqual([]);
    });

    test('an empty object round-trips', async () => {
      const key = newKey();
      await expect(storage.put(key, Readable.from([]))).resolves.toEqual({ size: 0 });
      expect(await storage.stat(key)).toEqual(expect.objectContaining({ size: 0 }));
      expect((await readAll(await storage.get(key))).length).toBe(0);
    });

    test('string and Uint8Array chunks are stored as their bytes', async () => {
      const key = newKey();
      await storage.put(key, Readable.from(['abc', new Uint8Array([100, 101]), Buffer.from('f')]));
      expect((await readAll(await storage.get(key))).toString()).toBe('abcdef');
    });

    describe('a 20 MB object made chunk by chunk', () => {
      const seed = 20261122;
      const size = 20 * MiB + 12_345; // not a whole number of parts or words
      const key = newKey();
      let putResult: { size: number };

      beforeAll(async () => {
        putResult = await storage.put(key, seededStream(seed, size), { contentType: 'video/mp4' });
      });

      test('reads back byte-identical (sha256)', async () => {
        expect(putResult).toEqual({ size });
        expect((await storage.stat(key))?.size).toBe(size);
        await expect(sha256Of(await storage.get(key))).resolves.toEqual({
          sha256: expectedSha256(seed, size),
          size,
        });
      });

      test.each([
        ['the first bytes', 0, 99],
        ['the first byte', 0, 0],
        ['the middle, across a part boundary', DEFAULT_PART_SIZE - 1000, DEFAULT_PART_SIZE + 999],
        ['the last byte', size - 1, size - 1],
        ['the tail', size - 70_000, size - 1],
      ])('range read of %s is byte-identical', async (_what, start, end) => {
        const bytes = await readAll(await storage.get(key, { start, end }));
        expect(bytes.length).toBe(end - start + 1);
        expect(bytes.equals(seededBytes(seed, start, end + 1))).toBe(true);
      });

      test('a range ending past the object is cut at its last byte', async () => {
        const bytes = await readAll(await storage.get(key, { start: size - 10, end: size + 1000 }));
        expect(bytes.equals(seededBytes(seed, size - 10, size))).toBe(true);
      });

      test('a range starting past the object, or malformed, is refused', async () => {
        await expect(storage.get(key, { start: size, end: size + 5 })).rejects.toBeInstanceOf(InvalidRangeError);
        await expect(storage.get(key, { start: 10, end: 9 })).rejects.toBeInstanceOf(InvalidRangeError);
        await expect(storage.get(key, { start: -1, end: 9 })).rejects.toBeInstanceOf(InvalidRangeError);
        await expect(storage.get(key, { start: 0.5, end: 9 })).rejects.toBeInstanceOf(InvalidRangeError);
      });
    });

    test('stat gives a stable etag that changes when the object is replaced', async () => {
      const key = newKey();
      await storage.put(key, Readable.from([Buffer.from('first version')]));
      const first = await storage.stat(key);
      expect(await storage.stat(key)).toEqual(first);
      await storage.put(key, Readable.from([Buffer.from('second version, longer')]));
      const second = await storage.stat(key);
      expect(second?.size).toBe('second version, longer'.length);
      expect(second?.etag).not.toBe(first?.etag);
      expect((await readAll(await storage.get(key))).toString()).toBe('second version, longer');
    });

    test('stat of a missing key is null; get of it rejects with ObjectNotFoundError', async () => {
      const key = newKey();
      await expect(storage.stat(key)).resolves.toBeNull();
      await expect(storage.get(key)).rejects.toBeInstanceOf(ObjectNotFoundError);
      await expect(storage.get(key, { start: 0, end: 10 })).rejects.toBeInstanceOf(ObjectNotFoundError);
    });

    test('a key that is only the prefix of other keys is no object', async () => {
      const parent = newKey('media/2026/12');
      const child = `${parent}/original`;
      await storage.put(child, Readable.from([Buffer.from('x')]));
      await expect(storage.stat(parent)).resolves.toBeNull();
      await expect(storage.get(parent)).rejects.toBeInstanceOf(ObjectNotFoundError);
      await expect(storage.delete(parent)).resolves.toBeUndefined();
      expect((await storage.stat(child))?.size).toBe(1);
    });

    test('delete removes the object, and deleting a missing key resolves', async () => {
      const key = newKey();
      await storage.put(key, Readable.from([Buffer.from('to be deleted')]));
      await storage.delete(key);
      await expect(storage.stat(key)).resolves.toBeNull();
      await expect(storage.get(key)).rejects.toBeInstanceOf(ObjectNotFoundError);
      await expect(storage.delete(key)).resolves.toBeUndefined();
      await expect(storage.delete(newKey('never/written'))).resolves.toBeUndefined();
    });

    test('keys up to 512 characters of the allowed alphabet work', async () => {
      // Segments of 200: s3rver adds 15 characters to a file name and file names stop at 255 bytes.
      const prefix = `Media/A_b-c.d/${'s'.repeat(200)}/${'t'.repeat(200)}/`;
      const key = prefix + 'x'.repeat(MAX_KEY_LENGTH - prefix.length);
      expect(key.length).toBe(MAX_KEY_LENGTH);
      await storage.put(key, Readable.from([Buffer.from('long')]));
      expect((await storage.stat(key))?.size).toBe(4);
      await storage.delete(key);
    });

    test.each([
      ['empty', ''],
      ['absolute', '/media/x'],
      ['parent segment', 'media/../secrets.json'],
      ['leading parent segment', '../x'],
      ['trailing parent segment', 'media/..'],
      ['dot segment', 'media/./x'],
      ['empty segment', 'media//x'],
      ['trailing slash', 'media/x/'],
      ['hidden (leading dot)', '.tmp/x'],
      ['space', 'media/my photo.jpg'],
      ['backslash', 'media\\x'],
      ['non-ASCII', 'média/x'],
      ['NUL', 'media/x\0'],
      ['too long', 'a/'.repeat(MAX_KEY_LENGTH / 2) + 'a'],
      ['too long a segment', `media/${'a'.repeat(MAX_KEY_SEGMENT_LENGTH + 1)}`],
    ])('a bad key (%s) is refused by every method', async (_what, key) => {
      const body = Readable.from([Buffer.from('x')]);
      await expect(storage.put(key, body)).rejects.toBeInstanceOf(InvalidObjectKeyError);
      expect(body.destroyed).toBe(true); // a put that rejects always leaves its body destroyed
      await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidObjectKeyError);
      await expect(storage.stat(key)).rejects.toBeInstanceOf(InvalidObjectKeyError);
      await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidObjectKeyError);
    });

    test.each([
      ['before the first byte', 0],
      ['after 1 MB (within the first part)', 1 * MiB],
      ['after 12 MB (after a whole part went out)', 12 * MiB],
    ])('a body that fails %s rejects the put and leaves nothing under the key', async (_when, failAfter) => {
      const key = newKey();
      const failure = new Error('The connection was reset by the client.');
      const body = seededStream(7, 20 * MiB, { failAfter, failure });
      await expect(storage.put(key, body)).rejects.toThrow(failure.message);
      expect(body.destroyed).toBe(true);
      await expect(storage.stat(key)).resolves.toBeNull();
      await expect(storage.get(key)).rejects.toBeInstanceOf(ObjectNotFoundError);
      if (subject.leftoverTempFiles) expect(await subject.leftoverTempFiles()).toEqual([]);
    });

    test('a body that fails while replacing an object keeps the previous object', async () => {
      const key = newKey();
      await storage.put(key, Readable.from([Buffer.from('the good copy')]));
      const before = await storage.stat(key);
      await expect(storage.put(key, seededStream(8, 20 * MiB, { failAfter: 10 * MiB }))).rejects.toThrow();
      expect(await storage.stat(key)).toEqual(before);
      expect((await readAll(await storage.get(key))).toString()).toBe('the good copy');
      if (subject.leftoverTempFiles) expect(await subject.leftoverTempFiles()).toEqual([]);
    });

    test('a stream of objects instead of bytes is refused', async () => {
      const key = newKey();
      await expect(storage.put(key, Readable.from([{ not: 'bytes' }]))).rejects.toThrow();
      await expect(storage.stat(key)).resolves.toBeNull();
      if (subject.leftoverTempFiles) expect(await subject.leftoverTempFiles()).toEqual([]);
    });
  });
}

// ---------------------------------------------------------------------------------------------------------
// The drivers.

function minioStorageFor(port: number, bucket: string): MinioStorage {
  return new MinioStorage({
    endPoint: '127.0.0.1',
    port,
    useSSL: false,
    ...S3_TEST_CREDENTIALS,
    bucket,
  });
}

describeStorageContract('LocalFolderStorage', async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'storage-local-'));
  const root = path.join(dir, 'objects'); // not there yet: ensureReady makes it
  return {
    storage: new LocalFolderStorage(root),
    keepsContentType: false,
    leftoverTempFiles: () => fs.readdir(path.join(root, TEMP_FOLDER)),
    close: () => fs.rm(dir, { recursive: true, force: true }),
  };
});

describeStorageContract('MinioStorage (against s3rver)', async () => {
  const server = await startS3TestServer();
  return {
    storage: minioStorageFor(server.port, 'family-archive'),
    keepsContentType: true,
    close: () => server.close(),
  };
});

describe('LocalFolderStorage specifics', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'storage-local-'));
  });

  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  test('ping fails before ensureReady made the folder', async () => {
    const storage = new LocalFolderStorage(path.join(dir, 'missing'));
    await expect(storage.ping()).rejects.toThrow();
    await storage.ensureReady();
    await expect(storage.ping()).resolves.toBeUndefined();
  });

  test('objects are plain files under the root, named by their key', async () => {
    const root = path.join(dir, 'plain');
    const storage = new LocalFolderStorage(root);
    await storage.ensureReady();
    await storage.put('thumbnails/abc.webp', Readable.from([Buffer.from('webp')]));
    await expect(fs.readFile(path.join(root, 'thumbnails', 'abc.webp'), 'utf8')).resolves.toBe('webp');
  });

  test('linkFile makes a finished file an object without copying it; the file stays, and removing it keeps the object', async () => {
    const root = path.join(dir, 'link');
    const storage = new LocalFolderStorage(root);
    await storage.ensureReady();
    const file = path.join(root, '.uploads', 'finished');
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, 'a whole video');
    await expect(storage.linkFile('media/2026/11/video', file)).resolves.toEqual({ size: 13 });
    const object = path.join(root, 'media', '2026', '11', 'video');
    expect((await fs.stat(object)).ino).toBe((await fs.stat(file)).ino);
    await fs.rm(file);
    await expect(readAll(await storage.get('media/2026/11/video'))).resolves.toEqual(Buffer.from('a whole video'));
    expect(await fs.readdir(path.join(root, TEMP_FOLDER))).toEqual([]);
    await expect(storage.linkFile('../escape', object)).rejects.toThrow();
  });

  test('ensureReady removes temp files a crash left a day ago, and keeps fresh ones', async () => {
    const root = path.join(dir, 'sweep');
    const storage = new LocalFolderStorage(root);
    await storage.ensureReady();
    const stale = path.join(root, TEMP_FOLDER, 'stale.part');
    const fresh = path.join(root, TEMP_FOLDER, 'fresh.part');
    await fs.writeFile(stale, 'half a file');
    await fs.writeFile(fresh, 'being written by another process');
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    await fs.utimes(stale, twoDaysAgo, twoDaysAgo);
    await storage.ensureReady();
    expect(await fs.readdir(path.join(root, TEMP_FOLDER))).toEqual(['fresh.part']);
  });

  test('ensureReady removes at once the temp files of processes of this machine that died, and keeps the live ones', async () => {
    const root = path.join(dir, 'sweep-dead');
    const storage = new LocalFolderStorage(root);
    await storage.ensureReady();
    // A process that ran and ended: its pid names nobody now.
    const dead = await new Promise<number>((resolve) => {
      const child = spawn(process.execPath, ['-e', '0']);
      child.once('exit', () => resolve(child.pid!));
    });
    const host = os.hostname();
    const names = {
      dead: `${host}~${dead}~${randomUUID()}.part`,
      live: `${host}~${process.ppid}~${randomUUID()}.part`,
      otherMachine: `elsewhere~${dead}~${randomUUID()}.part`,
    };
    for (const name of Object.values(names)) await fs.writeFile(path.join(root, TEMP_FOLDER, name), 'half a file');
    await storage.ensureReady();
    expect((await fs.readdir(path.join(root, TEMP_FOLDER))).sort()).toEqual([names.live, names.otherMachine].sort());
  });

  test('a put that fails half-way (an upload aborted or refused) leaves no temp file', async () => {
    const root = path.join(dir, 'aborted');
    const storage = new LocalFolderStorage(root);
    await storage.ensureReady();
    const body = new Readable({ read() {} });
    const put = storage.put('media/2026/11/aborted', body);
    body.push(Buffer.alloc(MiB, 1));
    // The temp file exists while the bytes flow.
    while ((await fs.readdir(path.join(root, TEMP_FOLDER))).length === 0) await new Promise((r) => setTimeout(r, 5));
    body.destroy(new Error('The upload was interrupted.'));
    await expect(put).rejects.toThrow('interrupted');
    expect(await fs.readdir(path.join(root, TEMP_FOLDER))).toEqual([]);
    await expect(storage.stat('media/2026/11/aborted')).resolves.toBeNull();
  });
});

describe('MinioStorage specifics (against s3rver)', () => {
  let server: { port: number; close(): Promise<void> };

  beforeAll(async () => {
    server = await startS3TestServer();
  });

  afterAll(async () => {
    await server?.close();
  });

  test('ensureReady creates a missing bucket; ping fails until then', async () => {
    const storage = minioStorageFor(server.port, 'not-yet-made');
    await expect(storage.ping()).rejects.toThrow('not-yet-made');
    await storage.ensureReady();
    await storage.ensureReady();
    await expect(storage.ping()).resolves.toBeUndefined();
  });

  test('ping fails when the server is unreachable', async () => {
    const closed = await startS3TestServer();
    await closed.close();
    await expect(minioStorageFor(closed.port, 'family-archive').ping()).rejects.toThrow();
  });

  test('puts of several multipart objects at once each get their own bytes', async () => {
    const storage = minioStorageFor(server.port, 'family-archive');
    await storage.ensureReady();
    const objects = [1, 2, 3].map((seed) => ({ seed, size: DEFAULT_PART_SIZE + seed * 100_001, key: newKey() }));
    await Promise.all(objects.map(({ seed, size, key }) => storage.put(key, seededStream(seed, size))));
    for (const { seed, size, key } of objects) {
      await expect(sha256Of(await storage.get(key))).resolves.toEqual({ sha256: expectedSha256(seed, size), size });
    }
  });

  test('a put rejects, instead of hanging, when the server goes away mid-upload', async () => {
    const doomed = await startS3TestServer();
    const storage = minioStorageFor(doomed.port, 'family-archive');
    await storage.ensureReady();
    let chunks = 0;
    let closing: Promise<void> | undefined;
    const body = seededStream(9, 30 * MiB, {
      onChunk: () => {
        chunks += 1;
        if (chunks === (12 * MiB) / CHUNK) closing = doomed.close();
      },
    });
    await expect(storage.put(newKey(), body)).rejects.toThrow();
    expect(body.destroyed).toBe(true);
    await closing;
  });

  test('memory stays bounded while a 60 MB stream is put', async () => {
    const storage = minioStorageFor(server.port, 'memory-check');
    await storage.ensureReady();
    const seed = 60;
    const size = 60 * MiB;
    const key = newKey();

    // What the put holds on to, not garbage waiting for the collector (whose timing made raw rss peaks
    // swing between 8 and 32 MiB): collect, then read rss and the bytes held in Buffers. Sampled every
    // 2 MiB the body hands out; a put that buffered the body would be seen growing while it reads it.
    const collectGarbage = exposeGc();
    const measure = (): { rss: number; buffers: number } => {
      collectGarbage();
      const usage = process.memoryUsage();
      return { rss: usage.rss, buffers: usage.arrayBuffers };
    };
    const baseline = measure();
    const peak = { ...baseline };
    const sample = (): void => {
      const now = measure();
      peak.rss = Math.max(peak.rss, now.rss);
      peak.buffers = Math.max(peak.buffers, now.buffers);
    };
    let chunks = 0;
    const onChunk = (): void => {
      chunks += 1;
      if (chunks % ((2 * MiB) / CHUNK) === 0) sample();
    };
    await expect(storage.put(key, seededStream(seed, size, { onChunk }))).resolves.toEqual({ size });
    sample();

    const rssGrowthMiB = (peak.rss - baseline.rss) / MiB;
    const bufferGrowthMiB = (peak.buffers - baseline.buffers) / MiB;
    process.stdout.write(
      `memory check, putting ${size / MiB} MiB in parts of ${DEFAULT_PART_SIZE / MiB} MiB: ` +
        `rss ${(baseline.rss / MiB).toFixed(1)} MiB before, peak ${(peak.rss / MiB).toFixed(1)} MiB ` +
        `(growth ${rssGrowthMiB.toFixed(1)} MiB); buffers held at most ${bufferGrowthMiB.toFixed(1)} MiB more\n`,
    );
    expect(rssGrowthMiB).toBeLessThan(40);
    expect(bufferGrowthMiB).toBeLessThan(40);

    await expect(sha256Of(await storage.get(key))).resolves.toEqual({ sha256: expectedSha256(seed, size), size });
  });
});
