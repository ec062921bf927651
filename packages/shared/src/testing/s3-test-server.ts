import * as fs from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';

/** The part of a Koa context the multipart additions read and write. */
interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | undefined>;
  status: number;
  body: unknown;
  type: string;
}
type KoaMiddleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;

// s3rver ships no types; this is the part of it the tests use.
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  httpServer?: Server;
  /** Koa's middleware list: s3rver is a Koa app. */
  middleware: KoaMiddleware[];
}
type S3rverConstructor = new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
}) => S3rverInstance;

/** s3rver's built-in account. */
export const S3_TEST_CREDENTIALS = { accessKey: 'S3RVER', secretKey: 'S3RVER' } as const;

/**
 * An S3-compatible server on 127.0.0.1 for the MinIO driver's tests: on `port` (any free one by default), keeping
 * its files in `directory` (a temporary folder, removed on close, by default).
 */
export async function startS3TestServer(
  options: { port?: number; directory?: string } = {},
): Promise<{ port: number; close(): Promise<void> }> {
  // Loaded here, not at the top: s3rver is a development dependency and this module is only for tests.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const S3rver = require('s3rver') as S3rverConstructor;
  const ownDirectory = options.directory ? null : await fs.mkdtemp(path.join(os.tmpdir(), 'storage-s3rver-'));
  const directory = options.directory ?? ownDirectory!;
  const server = new S3rver({ address: '127.0.0.1', port: options.port ?? 0, directory, silent: true });
  server.middleware.unshift(multipartListing(directory));
  const { port } = await server.run();
  return {
    port,
    async close() {
      server.httpServer?.closeAllConnections(); // minio keeps sockets alive; don't wait for them to idle out
      await server.close();
      if (ownDirectory) await fs.rm(ownDirectory, { recursive: true, force: true });
    },
  };
}

/**
 * ListParts and AbortMultipartUpload, which s3rver 3.7 lacks and resumable uploads (@tus/s3-store) call: the parts
 * s3rver keeps of an unfinished multipart upload are files `<bucket>/._S3rver_uploads/<uploadId>/<n>` beside
 * `<n>.md5`; a completed or aborted upload has no folder (NoSuchUpload, as S3 answers).
 */
function multipartListing(directory: string): KoaMiddleware {
  return async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    const [, bucket, ...keyParts] = ctx.path.split('/');
    const isListOrAbort = (ctx.method === 'GET' || ctx.method === 'DELETE') && uploadId && keyParts.length > 0;
    if (!isListOrAbort || !/^[0-9a-f]+$/.test(uploadId)) return next();
    const uploadDir = path.join(directory, decodeURIComponent(bucket), '._S3rver_uploads', uploadId);
    const names = await fs.readdir(uploadDir).catch(() => null);
    if (names === null) {
      ctx.status = 404;
      ctx.type = 'application/xml';
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>`;
      return;
    }
    if (ctx.method === 'DELETE') {
      await fs.rm(uploadDir, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    const numbers = names
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .sort((a, b) => a - b);
    const parts = await Promise.all(
      numbers.map(async (n) => {
        const size = (await fs.stat(path.join(uploadDir, String(n)))).size;
        const md5 = (await fs.readFile(path.join(uploadDir, `${n}.md5`), 'utf8')).trim();
        return `<Part><PartNumber>${n}</PartNumber><ETag>"${md5}"</ETag><Size>${size}</Size></Part>`;
      }),
    );
    ctx.status = 200;
    ctx.type = 'application/xml';
    ctx.body =
      `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult><Bucket>${bucket}</Bucket>` +
      `<Key>${keyParts.join('/')}</Key><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>` +
      `${parts.join('')}</ListPartsResult>`;
  };
}
