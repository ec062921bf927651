import { createHash } from 'node:crypto';
import http, { type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { HttpException, UnsupportedMediaTypeException } from '@nestjs/common';
import request from 'supertest';
import { NUL_MESSAGE } from '../request-input';
import {
  type FilePart,
  INTERRUPTED_UPLOAD,
  type MultipartOptions,
  readMultipart,
  UNREADABLE_UPLOAD,
} from './multipart';

const LIMITS = { fields: 5, parts: 8, fieldSize: 1000, fieldNameSize: 50 };
const NOT_MULTIPART = 'Please send a form with a file.';

/** What a test's file work saw: the part, the fields before it, and the sha256 of what it read. */
interface ReadFile {
  field: string;
  fileName: string;
  mimeType: string;
  fieldsBefore: string[];
  sha256: string;
}

function readAll(part: FilePart, fieldsSoFar: ReadonlyMap<string, string>): Promise<ReadFile> {
  const hash = createHash('sha256');
  const fieldsBefore = [...fieldsSoFar.keys()];
  return new Promise((resolve, reject) => {
    part.stream.on('data', (chunk: Buffer) => hash.update(chunk));
    part.stream.on('error', reject);
    part.stream.on('end', () =>
      resolve({
        field: part.field,
        fileName: part.fileName,
        mimeType: part.mimeType,
        fieldsBefore,
        sha256: hash.digest('hex'),
      }),
    );
  });
}

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe(readMultipart.name, () => {
  let server: Server;
  let url: string;
  let options: MultipartOptions<unknown>;
  /** Settles when the server has answered the last request (the test's view of what readMultipart did). */
  let handled: Promise<unknown>;

  beforeAll(async () => {
    server = http.createServer((req: IncomingMessage, res) => {
      handled = readMultipart(req, options).then(
        ({ fields, file }) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ fields: Object.fromEntries(fields), file: file ?? null }));
        },
        (error: unknown) => {
          const status = error instanceof HttpException ? error.getStatus() : 500;
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ message: (error as Error).message }));
        },
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  beforeEach(() => {
    options = {
      limits: LIMITS,
      notMultipartMessage: NOT_MULTIPART,
      takeFile: (part, fieldsSoFar) => (part.field === 'file' && part.fileName ? readAll(part, fieldsSoFar) : null),
    };
  });

  it('reads the fields around the file, and hands the file to its work as it arrives', async () => {
    const bytes = Buffer.alloc(300_000, 'abc');
    const response = await request(url)
      .post('/')
      .field('type', 'photo')
      .attach('file', bytes, { filename: 'Grandma "Rose" – 1950.jpg', contentType: 'image/jpeg' })
      .field('title', 'After the file')
      .expect(200);
    expect(response.body).toEqual({
      fields: { type: 'photo', title: 'After the file' },
      file: {
        field: 'file',
        fileName: 'Grandma "Rose" – 1950.jpg',
        mimeType: 'image/jpeg',
        fieldsBefore: ['type'],
        sha256: sha(bytes),
      },
    });
  });

  it('skips the parts the work does not take, and every file after the first', async () => {
    const response = await request(url)
      .post('/')
      .attach('other', Buffer.from('not this one'), 'other.txt')
      .field('note', 'kept')
      .expect(200);
    expect(response.body).toEqual({ fields: { note: 'kept' }, file: null });

    const first = Buffer.from('first file');
    const two = await request(url)
      .post('/')
      .attach('file', first, 'one.txt')
      .attach('file', Buffer.from('second file'), 'two.txt')
      .expect(200);
    expect(two.body.file).toMatchObject({ fileName: 'one.txt', sha256: sha(first) });
  });

  it('refuses what is not a form with the given sentence', async () => {
    const response = await request(url).post('/').send({ title: 'json' }).expect(400);
    expect(response.body.message).toBe(NOT_MULTIPART);
  });

  it('refuses a body declared larger than allowed with 413 before reading it', async () => {
    options.maxBody = { bytes: 1000, message: 'File size must be less than 1 KB' };
    const response = await request(url).post('/').attach('file', Buffer.alloc(5000, 1), 'big.bin').expect(413);
    expect(response.body.message).toBe('File size must be less than 1 KB');
  });

  it.each([
    ['a field too long', (r: request.Test) => r.field('title', 'x'.repeat(1001)), 'The title field is too long.'],
    ['a null character', (r: request.Test) => r.field('title', 'a\u0000b'), NUL_MESSAGE],
    [
      'too many fields',
      (r: request.Test) => [1, 2, 3, 4, 5, 6].reduce((form, n) => form.field(`f${n}`, 'x'), r),
      'The upload has too many fields.',
    ],
    [
      'too many parts',
      (r: request.Test) =>
        [1, 2, 3, 4, 5, 6, 7, 8, 9].reduce((form, n) => form.attach(`f${n}`, Buffer.from('x'), `${n}.txt`), r),
      'The upload has too many parts.',
    ],
  ])('refuses %s with 400 and a sentence', async (_case, build, message) => {
    const response = await build(request(url).post('/')).expect(400);
    expect(response.body.message).toBe(message);
  });

  it('refuses a form that breaks off with 400', async () => {
    const response = await request(url)
      .post('/')
      .set('content-type', 'multipart/form-data; boundary=XYZ')
      .send('--XYZ\r\nContent-Disposition: form-data; name="title"\r\n\r\nunfinished')
      .expect(400);
    expect(response.body.message).toBe(UNREADABLE_UPLOAD);
  });

  it("answers the work's refusal at once, while the client is still sending", async () => {
    options.takeFile = (part) =>
      new Promise((_resolve, reject) => {
        part.stream.once('data', () => reject(new UnsupportedMediaTypeException('Only image files are allowed')));
      });
    const boundary = 'early-answer';
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(url, {
        method: 'POST',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(20 << 20) },
      });
      req.on('error', reject);
      req.on('response', (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body });
          req.destroy();
        });
      });
      req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\n\r\n`);
      req.write(Buffer.alloc(1 << 20, 7));
      // Less than declared: the answer must not wait for the rest.
    });
    const { status, body } = await answer;
    expect(status).toBe(415);
    expect(JSON.parse(body).message).toBe('Only image files are allowed');
  });

  it('discards a finished file when the form fails after it', async () => {
    const discarded: unknown[] = [];
    let stored!: () => void;
    const fileDone = new Promise<void>((resolve) => (stored = resolve));
    options.takeFile = (part, fieldsSoFar) => readAll(part, fieldsSoFar).finally(stored);
    options.discard = async (file) => {
      discarded.push(file);
    };
    const boundary = 'after-the-file';
    const answer = new Promise<number>((resolve, reject) => {
      const req = http.request(url, {
        method: 'POST',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      req.on('error', reject);
      req.on('response', (res) => resolve(res.statusCode ?? 0));
      req.write(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="kept.txt"\r\n\r\nstored\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\n`,
      );
      // The field's value comes only once the file's work is done.
      void fileDone.then(() => req.end(`${'x'.repeat(1001)}\r\n--${boundary}--\r\n`));
    });
    expect(await answer).toBe(400);
    expect(discarded).toEqual([expect.objectContaining({ fileName: 'kept.txt', sha256: sha(Buffer.from('stored')) })]);
  });

  it('ends the work of a file whose sender hangs up, and fails as interrupted', async () => {
    let fileStream: Readable | undefined;
    let workError: unknown;
    options.takeFile = (part, fieldsSoFar) => {
      fileStream = part.stream;
      return readAll(part, fieldsSoFar).catch((error: unknown) => {
        workError = error;
        throw error;
      });
    };
    const boundary = 'hang-up';
    const req = http.request(url, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(10 << 20) },
    });
    req.on('error', () => undefined);
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.bin"\r\n\r\n`);
    req.write(Buffer.alloc(256 << 10, 1));
    while (!fileStream) await new Promise((resolve) => setTimeout(resolve, 5));
    req.destroy();
    await handled;
    expect(fileStream.destroyed).toBe(true);
    expect((workError as Error).message).toBe(INTERRUPTED_UPLOAD);
  });
});
