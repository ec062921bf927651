import http, { type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import express from 'express';
import { compressedJson, compressWholeJson } from './compress';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as they came over the wire. */
  body: Buffer;
}

/** What a browser would read after undoing the Content-Encoding. */
function decoded(answer: Answer): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(answer.body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(answer.body).toString('utf8');
  return answer.body.toString('utf8');
}

describe('compressing JSON answers', () => {
  const page = JSON.stringify({
    items: Array.from({ length: 60 }, (_, id) => ({ id, title: `Holiday at the lake ${id}`, tags: [] })),
  });
  const small = JSON.stringify({ message: 'Saved.' });
  const pixels = Buffer.alloc(4096, 7);

  const app = express();
  app.use(compressedJson, compressWholeJson);
  app.get('/page', (_req, res) => {
    res.json(JSON.parse(page));
  });
  // As the proxy sends a service's answer: headers set first, then the body piped through in pieces.
  app.get('/piped', (_req, res) => {
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Content-Length', Buffer.byteLength(page));
    const bytes = Buffer.from(page);
    Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000, 5000), bytes.subarray(5000)]).pipe(res);
  });
  // No length: only the streaming compressor can take it.
  app.get('/streamed', (_req, res) => {
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.write(page.slice(0, 2000));
    res.end(page.slice(2000));
  });
  app.get('/small', (_req, res) => {
    res.json(JSON.parse(small));
  });
  app.get('/picture', (_req, res) => {
    res.type('image/webp').send(pixels);
  });
  app.get('/untransformed', (_req, res) => {
    res.setHeader('Cache-Control', 'no-transform');
    res.json(JSON.parse(page));
  });

  let server: Server;
  beforeAll(() => new Promise<void>((resolve) => (server = app.listen(0, '127.0.0.1', resolve))));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** A plain request (no client library undoing the encoding on its way). */
  const get = (path: string, acceptEncoding: string, method = 'GET') =>
    new Promise<Answer>((resolve, reject) => {
      const { port } = server.address() as AddressInfo;
      const call = http.request({
        host: '127.0.0.1',
        port,
        path,
        method,
        headers: { 'accept-encoding': acceptEncoding },
      });
      call.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      });
      call.on('error', reject);
      call.end();
    });

  it('sends a page of a list as brotli when the browser takes it, else gzip, with Vary and its real length', async () => {
    for (const path of ['/page', '/piped']) {
      const brotli = await get(path, 'gzip, deflate, br, zstd');
      expect(brotli.status).toBe(200);
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers.vary).toMatch(/Accept-Encoding/);
      expect(Number(brotli.headers['content-length'])).toBe(brotli.body.length);
      expect(brotli.body.length).toBeLessThan(page.length / 4);
      expect(decoded(brotli)).toBe(page);

      const gzip = await get(path, 'gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(Number(gzip.headers['content-length'])).toBe(gzip.body.length);
      expect(decoded(gzip)).toBe(page);

      const plain = await get(path, 'identity');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(decoded(plain)).toBe(page);
    }
  });

  it('still compresses JSON sent without a length, as a stream', async () => {
    const response = await get('/streamed', 'br');
    expect(response.headers['content-length']).toBeUndefined();
    expect(response.headers['content-encoding']).toBe('br');
    expect(decoded(response)).toBe(page);
  });

  it('leaves alone what is small, what is not JSON, what asks for no transform, and HEAD', async () => {
    const tiny = await get('/small', 'br');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(decoded(tiny)).toBe(small);
    const picture = await get('/picture', 'br');
    expect(picture.headers['content-encoding']).toBeUndefined();
    expect(picture.body.equals(pixels)).toBe(true);
    const untransformed = await get('/untransformed', 'br');
    expect(untransformed.headers['content-encoding']).toBeUndefined();
    expect(decoded(untransformed)).toBe(page);
    const head = await get('/page', 'br', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(Number(head.headers['content-length'])).toBe(Buffer.byteLength(page));
  });
});
