import * as fs from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';

// s3rver ships no types; this is the part of it the tests use.
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  httpServer?: Server;
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
