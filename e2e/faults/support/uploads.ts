import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { baseUrl, state } from './stack';

export interface StreamedUpload {
  /** 0 when no answer came (the connection was cut). */
  status: number;
  body: any;
  ms: number;
  /** Bytes of the file sent before the answer came or the connection ended. */
  sent: number;
}

export interface UploadPlan {
  fields: Record<string, string>;
  fileName: string;
  /** The file's first bytes (its kind is read from them); the rest is filler. */
  head: Buffer;
  /** The file's whole length. */
  size: number;
  /** Send the length with the request (a browser does); without it the body goes chunked. */
  declareLength?: boolean;
  /** A pause after every 64 KiB, to send as slowly as a phone would. */
  chunkDelayMs?: number;
  /** Called once, when this many bytes of the file are sent; sending resumes when it settles. */
  after?: { bytes: number; run: (request: http.ClientRequest) => Promise<void> };
}

const CHUNK = 64 * 1024;

/**
 * Sends a multipart upload through the gateway as a browser does, streaming the file in 64 KiB chunks (never
 * built in memory), and keeps sending while the answer comes, as browsers do. Stops sending once the answer
 * has come or the connection is gone.
 */
export function streamUpload(cookie: string, plan: UploadPlan): Promise<StreamedUpload> {
  const boundary = `----faults${Math.random().toString(16).slice(2)}`;
  const fields = Object.entries(plan.fields)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('');
  const opening = Buffer.from(
    `${fields}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${plan.fileName}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const closing = Buffer.from(`\r\n--${boundary}--\r\n`);
  const headers: Record<string, string | number> = {
    cookie,
    'content-type': `multipart/form-data; boundary=${boundary}`,
  };
  if (plan.declareLength !== false) headers['content-length'] = opening.length + plan.size + closing.length;

  const started = Date.now();
  return new Promise((resolve) => {
    let sent = 0;
    let finished = false;
    const finish = (status: number, body: unknown) => {
      if (finished) return;
      finished = true;
      resolve({ status, body, ms: Date.now() - started, sent });
      // The rest of the file is not wanted any more.
      request.destroy();
    };
    const request = http.request(`${baseUrl}/api/media`, { method: 'POST', headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => {
        if (finished) return;
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // not JSON: kept as text
        }
        finish(response.statusCode ?? 0, body);
      });
      response.on('error', () => finish(0, undefined));
    });
    request.on('error', () => finish(0, undefined));
    request.write(opening);

    const filler = Buffer.alloc(CHUNK, 0x20);
    const send = async () => {
      while (sent < plan.size && !finished && !request.destroyed) {
        if (plan.after && sent >= plan.after.bytes) {
          const after = plan.after;
          plan = { ...plan, after: undefined };
          await after.run(request);
          continue;
        }
        const length = Math.min(CHUNK, plan.size - sent);
        const chunk = sent < plan.head.length ? Buffer.concat([plan.head.subarray(sent), filler]) : filler;
        const wrote = request.write(chunk.subarray(0, length));
        sent += length;
        if (!wrote) await drainedOrClosed(request);
        if (plan.chunkDelayMs) await new Promise((paused) => setTimeout(paused, plan.chunkDelayMs));
      }
      if (!finished && !request.destroyed) request.end(closing);
    };
    void send();
  });
}

function drainedOrClosed(request: http.ClientRequest): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      request.off('drain', done).off('close', done);
      resolve();
    };
    request.on('drain', done).on('close', done);
  });
}

/** The archive's file folder (`npm start` keeps files in DATA_DIR/objects). */
export function objectsDir(): string {
  return path.join(state().dataDir, 'objects');
}

/** The temporary upload files there are now. */
export function tempFiles(): string[] {
  const dir = path.join(objectsDir(), '.tmp');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

/** Every stored media file, as keys. */
export function mediaObjects(): string[] {
  const dir = path.join(objectsDir(), 'media');
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((entry) =>
    fs.statSync(path.join(dir, entry)).isFile(),
  );
}

export const MB = 1024 * 1024;
/** The first bytes of a PDF: enough for a document. */
export const PDF_HEAD = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<< /Type /Catalog >>\nendobj\n');
