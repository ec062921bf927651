import http from 'node:http';
import { baseUrl, call, faults, pids, signUp } from './support/stack';
import { MB, mediaObjects, PDF_HEAD, streamUpload, tempFiles } from './support/uploads';

// Uploads as they go wrong for real: refused while the browser is still sending, abandoned half-way, and cut by
// a service that dies. Each must end with the real answer and nothing left behind: no row, object or temp file.
const WRONG_KIND = 'A photo must be an image file (such as JPEG, PNG, GIF, WebP or HEIC).';
const TOO_LARGE = 'File size must be less than 50 MB';

let person: { cookie: string; id: number; username: string };

/** The items the person can list (their own uploads among them). */
async function ownItems(): Promise<number[]> {
  const list = await call('GET', `/api/media?userId=${person.id}&limit=200`, { cookie: person.cookie });
  expect(list.status).toBe(200);
  return (list.body.items as Array<{ id: number; user: { id: number } }>)
    .filter((item) => item.user.id === person.id)
    .map((item) => item.id);
}

/** Temporary files are removed as the upload fails: waits a little for the service to finish failing. */
async function expectNoTempFiles() {
  await faults.waitFor(async () => tempFiles().length === 0, `temporary files left: ${tempFiles().join(', ')}`, 3000);
}

beforeAll(async () => {
  person = await signUp('uploads');
});

it('answers every refused upload with its own 413 or 415 while the browsers are still sending, however many run at once', async () => {
  const objectsBefore = mediaObjects();
  const wrongKind = () =>
    streamUpload(person.cookie, {
      fields: { type: 'photo', title: 'Not a photo' },
      fileName: 'scan.pdf',
      head: PDF_HEAD,
      size: 49 * MB,
    });
  const answers = await Promise.all([
    wrongKind(),
    wrongKind(),
    wrongKind(),
    // Declared too long: refused before any byte of it is read.
    streamUpload(person.cookie, {
      fields: { type: 'document', title: 'Too long' },
      fileName: 'long.pdf',
      head: PDF_HEAD,
      size: 51 * MB,
    }),
    // Sent without a length: refused when the 50 MB are passed. At a network's pace (a pause every 64 KB): over
    // loopback with no pause, a client busy with four other uploads can push the last 14 MB into the socket before
    // it reads the answer that came back in time.
    streamUpload(person.cookie, {
      fields: { type: 'document', title: 'Too long, chunked' },
      fileName: 'long.pdf',
      head: PDF_HEAD,
      size: 64 * MB,
      declareLength: false,
      chunkDelayMs: 2,
    }),
  ]);
  const seen = answers.map((answer) => ({ status: answer.status, message: answer.body?.message }));
  expect(seen).toEqual([
    { status: 415, message: WRONG_KIND },
    { status: 415, message: WRONG_KIND },
    { status: 415, message: WRONG_KIND },
    { status: 413, message: TOO_LARGE },
    { status: 413, message: TOO_LARGE },
  ]);
  // Every answer came before its file was all sent: the refusals were early, not after the fact.
  const sizes = [49, 49, 49, 51, 64].map((size) => size * MB);
  expect(answers.map((answer, index) => answer.sent < sizes[index])).toEqual([true, true, true, true, true]);
  await expectNoTempFiles();
  expect(mediaObjects()).toEqual(objectsBefore);
  expect(await ownItems()).toEqual([]);
});

it('removes the temporary file at once when the browser abandons an upload half-way', async () => {
  const objectsBefore = mediaObjects();
  const answer = await streamUpload(person.cookie, {
    fields: { type: 'document', title: 'Abandoned' },
    fileName: 'abandoned.pdf',
    head: PDF_HEAD,
    size: 20 * MB,
    after: {
      bytes: 8 * MB,
      run: async (request) => {
        // The file is on its way into storage, then the browser goes away.
        await faults.waitFor(async () => tempFiles().length > 0, 'no temporary file while uploading', 5000);
        request.destroy();
      },
    },
  });
  expect(answer.status).toBe(0);
  await expectNoTempFiles();
  expect(mediaObjects()).toEqual(objectsBefore);
  expect(await ownItems()).toEqual([]);
});

it('leaves no row, object or temporary file when media is killed (SIGKILL) mid-upload, once it is back', async () => {
  const objectsBefore = mediaObjects();
  const before = pids();
  const answer = await streamUpload(person.cookie, {
    fields: { type: 'document', title: 'Cut short' },
    fileName: 'cut.pdf',
    head: PDF_HEAD,
    size: 30 * MB,
    chunkDelayMs: 1,
    after: {
      bytes: 10 * MB,
      run: async () => {
        await faults.waitFor(async () => tempFiles().length > 0, 'no temporary file while uploading', 5000);
        process.kill(before.media, 'SIGKILL');
      },
    },
  });
  // The gateway says the service is unavailable, or the connection is cut while the browser is sending.
  expect([0, 503]).toContain(answer.status);
  if (answer.status === 503) expect(answer.body.message).toBe('The media service is unavailable. Try again shortly.');

  await faults.waitFor(
    async () => pids().media !== before.media && (await call('GET', '/api/health')).body?.services?.media === 'ok',
    'media was not back',
    15_000,
  );
  // Swept at start: the half-written file of the killed process is gone.
  expect(tempFiles()).toEqual([]);
  expect(mediaObjects()).toEqual(objectsBefore);
  expect(await ownItems()).toEqual([]);

  // And uploading works again.
  const again = await streamUpload(person.cookie, {
    fields: { type: 'document', title: 'Whole' },
    fileName: 'whole.pdf',
    head: PDF_HEAD,
    size: 2 * MB,
  });
  expect(again.status).toBe(201);
  expect(await ownItems()).toEqual([again.body.id]);
});

describe('slow transfers through the gateway are never cut (only a service that stops answering is)', () => {
  let id: number;

  it('an upload sent over more than 4 s', async () => {
    const started = Date.now();
    const answer = await streamUpload(person.cookie, {
      fields: { type: 'document', title: 'Slow phone' },
      fileName: 'slow.pdf',
      head: PDF_HEAD,
      size: 3 * MB,
      chunkDelayMs: 90,
    });
    expect(Date.now() - started).toBeGreaterThan(4000);
    expect(answer.status).toBe(201);
    id = answer.body.id;
  });

  it('a download read over more than 4 s', async () => {
    const started = Date.now();
    const received = await new Promise<number>((resolve, reject) => {
      http
        .get(`${baseUrl}/api/media/${id}/file`, { headers: { cookie: person.cookie } }, (response) => {
          expect(response.statusCode).toBe(200);
          let length = 0;
          response.on('data', (chunk: Buffer) => {
            length += chunk.length;
            // Read like a slow connection, at about 600 KB/s: 3 MB take 5 s.
            response.pause();
            setTimeout(() => response.resume(), chunk.length / 600);
          });
          response.once('end', () => resolve(length));
          response.once('error', reject);
        })
        .once('error', reject);
    });
    expect(Date.now() - started).toBeGreaterThan(4000);
    expect(received).toBe(3 * MB);
  });
});
