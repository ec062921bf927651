import fs from 'node:fs/promises';
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { HttpError } from '../src/http-error';
import { type FileToSend, sendFile } from '../src/http/send-file';
import { LocalFolderStorage } from '../src/storage/local-folder-storage';

const BYTES = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));

describe(sendFile.name, () => {
  let dir: string;
  let server: Server;
  let url: string;
  const files = new Map<string, FileToSend>();

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'send-file-'));
    const storage = new LocalFolderStorage(dir);
    await storage.ensureReady();
    await storage.put('files/a', Readable.from([BYTES]));
    const base = { storage, key: 'files/a', size: BYTES.length, etag: '"abc"' };
    files.set('/photo', {
      ...base,
      contentType: 'image/jpeg',
      cacheControl: 'private, max-age=86400',
      contentDisposition: 'inline; filename="a.jpg"',
    });
    files.set('/pdf', { ...base, contentType: 'application/pdf', cacheControl: 'private, no-cache' });
    files.set('/missing', { ...base, key: 'files/gone', contentType: 'image/jpeg', cacheControl: 'private' });
    server = http.createServer((req, res) => {
      sendFile(req, res, files.get(req.url ?? '')!).catch((error: unknown) => {
        // As the services' error filter would.
        const status = error instanceof HttpError ? error.status : 500;
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ statusCode: status, message: (error as Error).message }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await fs.rm(dir, { recursive: true, force: true });
  });

  const get = async (path: string, headers: Record<string, string> = {}, method = 'GET') => {
    const response = await fetch(`${url}${path}`, { method, headers });
    return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
  };

  it('sends the whole file with what the description says, sandboxed', async () => {
    const { status, headers, body } = await get('/photo');
    expect(status).toBe(200);
    expect(body).toEqual(BYTES);
    expect(Object.fromEntries(headers)).toMatchObject({
      'accept-ranges': 'bytes',
      etag: '"abc"',
      'cache-control': 'private, max-age=86400',
      'content-type': 'image/jpeg',
      'content-length': '1000',
      'content-disposition': 'inline; filename="a.jpg"',
      'x-content-type-options': 'nosniff',
      'content-security-policy': expect.stringContaining('sandbox'),
    });
  });

  it('leaves out what the description does not give, and the sandbox for PDFs', async () => {
    const { status, headers } = await get('/pdf');
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('private, no-cache');
    expect(headers.get('content-disposition')).toBeNull();
    expect(headers.get('content-security-policy')).toBeNull();
  });

  it('answers 304 to a matching If-None-Match, with the caching headers and no body', async () => {
    for (const ifNoneMatch of ['"abc"', 'W/"abc"', '"other", "abc"', '*']) {
      const { status, headers, body } = await get('/photo', { 'if-none-match': ifNoneMatch });
      expect(status).toBe(304);
      expect(headers.get('etag')).toBe('"abc"');
      expect(headers.get('cache-control')).toBe('private, max-age=86400');
      expect(body.length).toBe(0);
    }
    expect((await get('/photo', { 'if-none-match': '"other"' })).status).toBe(200);
  });

  it('answers a byte range with 206, and 416 past the end', async () => {
    const part = await get('/photo', { range: 'bytes=10-19' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 10-19/1000');
    expect(part.body).toEqual(BYTES.subarray(10, 20));
    const past = await get('/photo', { range: 'bytes=1000-' });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe('bytes */1000');
    expect(JSON.parse(past.body.toString())).toEqual({
      statusCode: 416,
      message: 'The requested range is not in this file.',
    });
    // A range for another version of the file (If-Range) gets the whole current one.
    const stale = await get('/photo', { range: 'bytes=10-19', 'if-range': '"old"' });
    expect(stale.status).toBe(200);
    expect(stale.body).toEqual(BYTES);
  });

  it('answers HEAD with the headers only', async () => {
    const { status, headers, body } = await get('/photo', {}, 'HEAD');
    expect(status).toBe(200);
    expect(headers.get('content-length')).toBe('1000');
    expect(body.length).toBe(0);
  });

  it('fails with 404 when the stored object is gone', async () => {
    const { status, body } = await get('/missing');
    expect(status).toBe(404);
    expect(JSON.parse(body.toString()).message).toBe('The file of this item is missing from storage.');
  });
});
