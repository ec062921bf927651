import { createHash } from 'node:crypto';
import { startTusTestServer } from '../../../testing/tus-test-server';
import type { KeptFile, KeptFiles } from '../upload-queue/kept-files';
import { readPendingUploads } from '../upload-queue/pending-uploads';
import { UploadQueue, type UploadEntry, type UploadQueueOptions } from '../upload-queue/upload-queue';

/**
 * The upload queue against a real tus server (src/testing/tus-server.mjs: @tus/server with its file store, answering
 * as the archive's /api/uploads does), through tus-js-client's browser build on jsdom's XMLHttpRequest: chunks,
 * metadata, pause and resume from the server's offset, a reload, cancel, duplicates and refusals.
 */

let server: Awaited<ReturnType<typeof startTusTestServer>>;
const seenOf = (filename: string) => server.seenOf(filename);

// jsdom's File cannot be read back in Node: each made file's bytes are kept beside it.
const contents = new WeakMap<File, Buffer>();
const sha256 = async (file: File) => createHash('sha256').update(contents.get(file)!).digest('hex');

const KB = 1024;
let fileCount = 0;
/** A file of `size` bytes whose content starts with `start`, unique per test run. */
function makeFile(name: string, size: number, start = ''): File {
  const bytes = Buffer.alloc(size, `${name}-${++fileCount}-`);
  bytes.write(start, 0, 'latin1');
  const file = new File([bytes], name, { type: 'image/jpeg', lastModified: 1_700_000_000_000 + fileCount });
  contents.set(file, bytes);
  return file;
}

function makeQueue(options: Partial<UploadQueueOptions> = {}) {
  return new UploadQueue({
    userId: 5,
    endpoint: server.endpoint,
    hash: async () => null,
    findExisting: async () => new Map(),
    fetchResult: server.fetchResult,
    chunkSize: 64 * KB,
    retryDelays: [],
    ...options,
  });
}

/** Resolves once `test` holds for the queue's rows (checked on every change). */
function when(queue: UploadQueue, test: (entries: readonly UploadEntry[]) => boolean): Promise<readonly UploadEntry[]> {
  return new Promise((resolve) => {
    const check = () => {
      const { entries } = queue.getSnapshot();
      if (!test(entries)) return false;
      unsubscribe();
      resolve(entries);
      return true;
    };
    const unsubscribe = queue.subscribe(check);
    check();
  });
}

const settled = (entries: readonly UploadEntry[]) =>
  entries.length > 0 && entries.every((entry) => ['done', 'exists', 'failed'].includes(entry.state));

beforeAll(async () => {
  server = await startTusTestServer();
});

afterAll(() => server.stop());

beforeEach(() => localStorage.clear());

describe(UploadQueue.name, () => {
  it('sends several files in chunks with the batch fields as metadata, each to its new item', async () => {
    const sut = makeQueue();
    const files = [makeFile('beach.jpg', 150 * KB), makeFile('dunes.jpg', 90 * KB), makeFile('note.jpg', 10 * KB)];
    const seen = new Set<string>();
    sut.subscribe(() => sut.getSnapshot().entries.forEach((entry) => seen.add(`${entry.name}:${entry.state}`)));

    sut.add(files, { description: 'At the sea', mediaDate: '2019-07-04', albumId: 7, taggedUsers: [3, 4] });
    const entries = await when(sut, settled);

    expect(entries.map((entry) => [entry.name, entry.state, entry.bytesSent])).toEqual([
      ['beach.jpg', 'done', 150 * KB],
      ['dunes.jpg', 'done', 90 * KB],
      ['note.jpg', 'done', 10 * KB],
    ]);
    expect(seen).toContain('beach.jpg:uploading');
    expect(seen).toContain('beach.jpg:finishing');
    const beach = await seenOf('beach.jpg');
    expect(entries[0].mediaId).toBe(beach.result?.mediaId);
    expect(beach.result?.metadata).toEqual({
      filename: 'beach.jpg',
      filetype: 'image/jpeg',
      description: 'At the sea',
      mediaDate: '2019-07-04',
      albumId: '7',
      taggedUsers: '[3,4]',
    });
    // 150 KB in chunks of 64 KB: three PATCHes.
    expect(beach.patchOffsets).toEqual([0, 64 * KB, 128 * KB]);
    // Done, the batch is "Just uploaded" from its first upload by the server's clock, and nothing is kept.
    const since = Date.parse(sut.getSnapshot().justUploadedSince!);
    const firstMade = Math.min(...entries.map((entry) => Date.parse(entry.createdAt!)));
    expect(since).toBe(firstMade - 1000);
    expect(readPendingUploads(5)).toEqual([]);
  });

  it('gives one file its own title, and says which files the archive already had without sending them', async () => {
    const known = makeFile('known.jpg', 20 * KB);
    const knownHash = await sha256(known);
    const asked: string[][] = [];
    const sut = makeQueue({
      hash: sha256,
      findExisting: async (hashes) => {
        asked.push(hashes);
        return new Map(hashes.filter((hash) => hash === knownHash).map((hash) => [hash, 42]));
      },
    });

    sut.add([known]);
    sut.add([makeFile('wedding.jpg', 20 * KB)], { title: 'Our wedding' });
    const entries = await when(sut, settled);

    expect(entries.map((entry) => [entry.name, entry.state, entry.mediaId !== undefined])).toEqual([
      ['known.jpg', 'exists', true],
      ['wedding.jpg', 'done', true],
    ]);
    expect(entries[0].mediaId).toBe(42);
    expect(asked.flat()).toContain(knownHash);
    expect((await seenOf('known.jpg')).created).toBe(0);
    expect((await seenOf('wedding.jpg')).result?.metadata?.title).toBe('Our wedding');
  });

  it("shows a file the server finds already there as such, and a refused file with the server's sentence", async () => {
    const sut = makeQueue({ retryDelays: [0, 10, 10] });
    sut.add([makeFile('again.jpg', 30 * KB, 'DUPLICATE'), makeFile('virus.exe', 30 * KB, 'REFUSE')]);
    const entries = await when(sut, settled);

    expect(entries[0]).toMatchObject({ state: 'exists', mediaId: 7 });
    expect(entries[1]).toMatchObject({
      state: 'failed',
      error: 'This file is neither a photo, a video, a sound nor a document.',
      networkError: false,
    });
    // A refusal is not tried again: one PATCH only.
    expect((await seenOf('virus.exe')).patchOffsets).toEqual([0]);
  });

  it('pauses a file and resumes it from the offset the server holds', async () => {
    const sut = makeQueue();
    sut.add([makeFile('long.jpg', 320 * KB)]);
    const [first] = await when(sut, (entries) => entries[0]?.bytesSent >= 64 * KB);
    sut.pause(first.key);
    expect(sut.getSnapshot().entries[0].state).toBe('paused');
    const pausedAt = sut.getSnapshot().entries[0].bytesSent;

    sut.resume(first.key);
    const [done] = await when(sut, settled);
    expect(done.state).toBe('done');

    // After the pause tus-js-client asked the server where it was (HEAD) and went on from there, not from 0.
    const seen = await seenOf('long.jpg');
    expect(seen.created).toBe(1);
    expect(seen.lines.some((line) => line.method === 'HEAD')).toBe(true);
    expect(seen.patchOffsets.filter((offset) => offset === 0)).toHaveLength(1);
    expect(seen.patchOffsets).toEqual([...seen.patchOffsets].sort((a, b) => a - b));
    expect(pausedAt).toBeGreaterThan(0);
  });

  it('lists an upload left unfinished by a reload, and resumes it when the same file is chosen again', async () => {
    const file = makeFile('holiday.mov', 384 * KB);
    const before = makeQueue();
    before.add([file], { albumId: 9 });
    await when(before, (entries) => entries[0]?.bytesSent >= 128 * KB);
    // The page goes away mid-upload.
    before.dispose();

    const sut = makeQueue();
    sut.restore();
    const [pending] = sut.getSnapshot().entries;
    expect(pending).toMatchObject({ name: 'holiday.mov', size: 384 * KB, state: 'needs-file', file: null });
    expect(pending.metadata.albumId).toBe('9');

    // The same file, chosen again (a new File object with the same name, size and date).
    sut.add([new File([file], 'holiday.mov', { type: 'video/quicktime', lastModified: file.lastModified })]);
    expect(sut.getSnapshot().entries).toHaveLength(1);
    const [done] = await when(sut, settled);
    expect(done.state).toBe('done');
    // One upload on the server, resumed from where it stopped, with the fields it was started with.
    const seen = await seenOf('holiday.mov');
    expect(seen.created).toBe(1);
    expect(seen.patchOffsets.filter((offset) => offset === 0)).toHaveLength(1);
    expect(seen.lines.some((line) => line.method === 'HEAD')).toBe(true);
    expect(seen.result?.metadata?.albumId).toBe('9');
    expect(done.mediaId).toBe(seen.result?.mediaId);
    expect(readPendingUploads(5)).toEqual([]);
  });

  describe('files shared with the app (no file on disk to choose again)', () => {
    /** The browser's IndexedDB as the queue uses it; jsdom has none (Chromium's is in e2e's upload-queue test). */
    function keptInMemory(): KeptFiles & { kept: Map<string, KeptFile> } {
      const kept = new Map<string, KeptFile>();
      return {
        kept,
        keep: async (file) => void kept.set(file.fingerprint, file),
        read: async (userId) => [...kept.values()].filter((file) => file.userId === userId),
        forget: async (fingerprint) => void kept.delete(fingerprint),
        forgetAll: async () => kept.clear(),
      };
    }

    it('keeps them until they are uploaded, and after a reload resumes them by themselves', async () => {
      const keptFiles = keptInMemory();
      const shared = makeFile('shared-clip.mov', 384 * KB);
      const waiting = makeFile('shared-late.jpg', 20 * KB);
      const chosen = makeFile('chosen.jpg', 384 * KB);
      const before = makeQueue({ keptFiles, concurrency: 2 });
      before.add([shared, chosen, waiting], { description: 'Shared' }, [shared, waiting]);
      await when(before, (entries) => entries[0]?.bytesSent >= 128 * KB && entries[1]?.bytesSent >= 128 * KB);
      before.dispose();
      // Only the shared files are kept; the one not started yet too.
      expect([...keptFiles.kept.values()].map((kept) => kept.file.name).sort()).toEqual([
        'shared-clip.mov',
        'shared-late.jpg',
      ]);

      const sut = makeQueue({ keptFiles });
      await sut.restore();
      const settledRows = await when(
        sut,
        (rows) => rows.length === 3 && rows.filter((row) => row.file).every((row) => row.state === 'done'),
      );
      expect(settledRows.map((entry) => entry.name).sort()).toEqual([
        'chosen.jpg',
        'shared-clip.mov',
        'shared-late.jpg',
      ]);
      // The file chosen from the device waits to be chosen again; the shared ones went on by themselves, the one
      // that was being sent from where it was.
      expect(settledRows.find((row) => row.name === 'chosen.jpg')?.state).toBe('needs-file');
      const clip = await seenOf('shared-clip.mov');
      expect(clip.created).toBe(1);
      expect(clip.patchOffsets.filter((offset) => offset === 0)).toHaveLength(1);
      expect(clip.result?.metadata?.description).toBe('Shared');
      expect((await seenOf('shared-late.jpg')).result?.metadata?.description).toBe('Shared');
      // Once uploaded they are let go.
      await waitFor(async () => keptFiles.kept.size === 0);
    });

    it('lets a kept file go when it is cancelled, or found already in the archive', async () => {
      const keptFiles = keptInMemory();
      const known = makeFile('known.jpg', 10 * KB);
      const other = makeFile('other.jpg', 320 * KB);
      const knownHash = await sha256(known);
      const sut = makeQueue({
        keptFiles,
        hash: sha256,
        findExisting: async (hashes) => new Map(hashes.filter((h) => h === knownHash).map((h) => [h, 31])),
      });
      sut.add([known, other], {}, [known, other]);
      const [, sending] = await when(sut, (rows) => rows[0]?.state === 'exists' && rows[1]?.bytesSent >= 64 * KB);
      sut.cancel(sending.key);
      await waitFor(async () => keptFiles.kept.size === 0);
    });
  });

  it('shows as done an upload the archive finished while the page was reloading', async () => {
    const before = makeQueue();
    before.add([makeFile('finished.jpg', 20 * KB)]);
    const [done] = await when(before, settled);
    // The page went away before the last answer arrived: its address is still kept.
    localStorage.setItem(
      `tus::fa1:5:${done.size}:${done.lastModified}:finished.jpg::1`,
      JSON.stringify({
        size: done.size,
        metadata: { filename: 'finished.jpg' },
        creationTime: new Date().toISOString(),
        uploadUrl: (await seenOf('finished.jpg')).url,
      }),
    );

    const sut = makeQueue();
    sut.restore();
    const [row] = await when(sut, (entries) => entries[0]?.state === 'done');
    expect(row.mediaId).toBe(done.mediaId);
    expect(readPendingUploads(5)).toEqual([]);
  });

  it('cancels a file: it leaves the list and the server throws its bytes away', async () => {
    const sut = makeQueue();
    sut.add([makeFile('mistake.jpg', 320 * KB)]);
    const [entry] = await when(sut, (entries) => entries[0]?.bytesSent >= 64 * KB);
    sut.cancel(entry.key);
    expect(sut.getSnapshot().entries).toEqual([]);
    await waitFor(async () => (await seenOf('mistake.jpg')).lines.some((line) => line.method === 'DELETE'));
    expect(readPendingUploads(5)).toEqual([]);
  });

  it('says when the archive cannot be reached, and tries again', async () => {
    // jsdom reports every refused connection on the console: expected here.
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const sut = makeQueue({ endpoint: 'http://127.0.0.1:9/uploads' });
    sut.add([makeFile('offline.jpg', 10 * KB)]);
    const [failed] = await when(sut, settled);
    expect(failed).toMatchObject({
      state: 'failed',
      networkError: true,
      error: 'Could not reach the archive. Check your connection, then Retry.',
    });
    sut.retryDropped();
    expect(sut.getSnapshot().entries[0].state).toBe('uploading');
    await when(sut, settled);
  });
});

async function waitFor(test: () => Promise<boolean>) {
  for (let i = 0; i < 100; i += 1) {
    if (await test()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('The condition never held');
}
