// A real tus 1.0 server (@tus/server with @tus/file-store) for the upload queue's tests, run as its own Node process
// (the packages are ES modules, and the tests run in jsdom). It answers as the archive's /api/uploads does
// (docs/api.md "Uploads"): the final PATCH says what the file became in `Upload-Media-Id` or
// `Upload-Existing-Media-Id`, or refuses it with 4xx JSON `{message}`; GET /uploads/{id}/result says it again.
// A file whose bytes start with DUPLICATE is "already in the archive" (item 7); with REFUSE it is refused (415).
// GET /log lists every request the tus server saw, for the tests to read. Prints `{"port": n}` once listening.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server } from '@tus/server';

const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tus-test-'));
const log = [];
const results = new Map();
let nextMediaId = 100;

const tus = new Server({
  path: '/uploads',
  datastore: new FileStore({ directory }),
  // Date too: the browser reads it cross-origin only when exposed (the archive's own pages are same-origin).
  exposedHeaders: ['Upload-Media-Id', 'Upload-Existing-Media-Id', 'Date'],
  onIncomingRequest: async (req, id) => {
    log.push({ method: req.method, id, offset: req.headers.get('upload-offset') });
  },
  onUploadCreate: async (_req, upload) => {
    log.push({ method: 'CREATED', id: upload.id, filename: upload.metadata?.filename ?? null });
    return {};
  },
  onUploadFinish: async (_req, upload) => {
    const start = fs.readFileSync(path.join(directory, upload.id)).subarray(0, 9).toString('latin1');
    if (start.startsWith('REFUSE')) {
      throw {
        status_code: 415,
        body: JSON.stringify({
          statusCode: 415,
          message: 'This file is neither a photo, a video, a sound nor a document.',
        }),
      };
    }
    if (start.startsWith('DUPLICATE')) {
      results.set(upload.id, { existingMediaId: 7 });
      return { headers: { 'Upload-Existing-Media-Id': '7' } };
    }
    const mediaId = nextMediaId++;
    results.set(upload.id, { mediaId, metadata: upload.metadata });
    return { headers: { 'Upload-Media-Id': String(mediaId) } };
  },
});

const server = http.createServer((req, res) => {
  const result = /^\/uploads\/([^/]+)\/result$/.exec(req.url ?? '');
  if (req.method === 'GET' && (result || req.url === '/log')) {
    const body = result ? results.get(result[1]) : { log, results: Object.fromEntries(results) };
    res.writeHead(body ? 200 : 404, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' });
    res.end(JSON.stringify(body ?? { message: 'Not finished' }));
    return;
  }
  tus.handle(req, res);
});

server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`);
});

const stop = () => {
  server.close();
  fs.rmSync(directory, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.stdin.on('end', stop);
process.stdin.resume();
