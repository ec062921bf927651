import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { NotFoundException } from '@nestjs/common';
import { ObjectNotFoundError, type ObjectStorage } from '@family/shared/storage';
import { etagMatches, parseRange } from './byte-range';

export interface ObjectToSend {
  storage: ObjectStorage;
  key: string;
  size: number;
  /** Quoted, e.g. `"<sha256>"`. */
  etag: string;
  contentType: string;
  contentDisposition: string;
}

// A file's bytes never change under its id, but who may see it can: keep it in this browser only, and
// revalidate (cheaply, with the ETag) after a day.
const CACHE_CONTROL = 'private, max-age=86400';
// Shown directly (opened in a tab), an upload can run no script and load nothing. Chrome's PDF viewer does not
// work in a sandboxed document, so PDFs get only nosniff.
const SANDBOX = "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox";

/**
 * Streams a stored object as an HTTP answer: Range (206 with Content-Range, 416 past the end), ETag with
 * If-None-Match (304), Content-Type and Content-Disposition. HEAD gets the headers only.
 */
export async function sendObject(req: IncomingMessage, res: ServerResponse, object: ObjectToSend): Promise<void> {
  res.setHeader('Accept-Ranges', 'bytes');
  res.setHeader('ETag', object.etag);
  res.setHeader('Cache-Control', CACHE_CONTROL);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (object.contentType !== 'application/pdf') res.setHeader('Content-Security-Policy', SANDBOX);

  if (etagMatches(header(req, 'if-none-match'), object.etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }

  const ifRange = header(req, 'if-range');
  const range = ifRange && ifRange !== object.etag ? 'none' : parseRange(header(req, 'range'), object.size);
  if (range === 'unsatisfiable') {
    res.statusCode = 416;
    res.setHeader('Content-Range', `bytes */${object.size}`);
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.end(JSON.stringify({ statusCode: 416, message: 'The requested range is not in this file.' }));
    return;
  }

  let body;
  try {
    body = await object.storage.get(object.key, range === 'none' ? undefined : range);
  } catch (error) {
    if (error instanceof ObjectNotFoundError)
      throw new NotFoundException('The file of this item is missing from storage.');
    throw error;
  }

  res.setHeader('Content-Type', object.contentType);
  res.setHeader('Content-Disposition', object.contentDisposition);
  if (range === 'none') {
    res.statusCode = 200;
    res.setHeader('Content-Length', String(object.size));
  } else {
    res.statusCode = 206;
    res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${object.size}`);
    res.setHeader('Content-Length', String(range.end - range.start + 1));
  }

  if (req.method === 'HEAD') {
    body.destroy();
    res.end();
    return;
  }
  try {
    await pipeline(body, res);
  } catch {
    // The viewer went away (a video seeked elsewhere, a tab closed): nothing more to send.
  }
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === 'string' ? value : undefined;
}
