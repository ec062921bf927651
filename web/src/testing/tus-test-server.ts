import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';

export type TusLogLine = { method: string; id: string | null; offset?: string | null; filename?: string | null };
type ServerLog = {
  log: TusLogLine[];
  results: Record<string, { mediaId?: number; existingMediaId?: number; metadata?: Record<string, string> }>;
};

function getJson<T>(url: string): Promise<{ status: number; body: T }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as T }));
      })
      .on('error', reject);
  });
}

/**
 * Starts src/testing/tus-server.mjs (a real @tus/server answering as the archive's /api/uploads) in its own process
 * and says how to reach it and what it saw. Its stdin is a pipe: it stops when the test process ends, whatever
 * happens.
 */
export async function startTusTestServer() {
  const server: ChildProcess = spawn(process.execPath, [path.join(__dirname, 'tus-server.mjs')], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.stdout!.once('data', (line: Buffer) => resolve((JSON.parse(line.toString()) as { port: number }).port));
  });
  const base = `http://127.0.0.1:${port}`;

  /** What the server saw of one file: its upload's address, its requests, and what it became. */
  const seenOf = async (filename: string) => {
    const { log, results } = (await getJson<ServerLog>(`${base}/log`)).body;
    const ids = log.filter((line) => line.method === 'CREATED' && line.filename === filename).map((line) => line.id!);
    const lines = log.filter((line) => line.id !== null && ids.includes(line.id) && line.method !== 'CREATED');
    return {
      created: ids.length,
      lines,
      patchOffsets: lines.filter((line) => line.method === 'PATCH').map((line) => Number(line.offset)),
      result: ids.map((id) => results[id]).find(Boolean),
      url: ids.length ? `${base}/uploads/${ids[ids.length - 1]}` : null,
    };
  };

  /** GET {upload}/result, as the archive answers it. */
  const fetchResult = async (uploadUrl: string) => {
    const { status, body } = await getJson<{ mediaId?: number; existingMediaId?: number }>(`${uploadUrl}/result`);
    if (status === 404) return null;
    return body.mediaId !== undefined ? { mediaId: body.mediaId } : { existingMediaId: body.existingMediaId! };
  };

  return { endpoint: `${base}/uploads`, seenOf, fetchResult, stop: () => server.kill('SIGTERM') };
}
