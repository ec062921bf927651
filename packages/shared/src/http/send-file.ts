import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { HttpError } from '../http-error';
import { ObjectNotFoundError, type ObjectStorage } from '../storage/object-storage';
import { etagMatches, parseRange } from './byte-range';

/**
 * A stored file as a service describes it: where its bytes are and what a browser should know about them.
 * The service decides who may have it and how it is named and cached; `sendFile` answers the request with it.
 */
export interface FileToSend {
  storage: ObjectStorage;
  key: string;
  size: number;
  /** Quoted, e.g. `"<sha256>"`. */
  etag: string;
  contentType: string;
  /** Cache-Control: how long the browser may keep it before asking again. */
  cacheControl: string;
  /** Shown inline or offered as a download, under which name; without it the browser decides. */
  contentDisposition?: string;
}

// Shown directly (opened in a tab), an upload can run no script and load nothing. Chrome's PDF viewer does not
// work in a sandboxed document, so PDFs get only nosniff.
const SANDBOX = "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox";

/**
 * Streams a stored file as the answer to a request: Range (206 with Content-Range, 416 past the end), ETag with
 * If-None-Match (304), Content-Type, Content-Disposition and caching. HEAD gets the headers only.
 */
export async function sendFile(req: IncomingMessage, res: ServerResponse, file: FileToSend): Promise<void> {
  res.setHeader('Accept-Ranges', 'bytes');
  res.setHeader('ETag', file.etag);
  res.setHeader('Cache-Control', file.cacheControl);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (file.contentType !== 'application/pdf') res.setHeader('Content-Security-Policy', SANDBOX);

  if (etagMatches(header(req, 'if-none-match'), file.etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }

  const ifRange = header(req, 'if-range');
  const range = ifRange && ifRange !== file.etag ? 'none' : parseRange(header(req, 'range'), file.size);
  if (range === 'unsatisfiable') {
    res.statusCode = 416;
    res.setHeader('Content-Range', `bytes */${file.size}`);
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.end(JSON.stringify({ statusCode: 416, message: 'The requested range is not in this file.' }));
    return;
  }

  let body;
  try {
    body = await file.storage.get(file.key, range === 'none' ? undefined : range);
  } catch (error) {
    if (error instanceof ObjectNotFoundError)
      throw new HttpError(404, 'The file of this item is missing from storage.');
    throw error;
  }

  res.setHeader('Content-Type', file.contentType);
  if (file.contentDisposition) res.setHeader('Content-Disposition', file.contentDisposition);
  if (range === 'none') {
    res.statusCode = 200;
    res.setHeader('Content-Length', String(file.size));
  } else {
    res.statusCode = 206;
    res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`);
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
