import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import compression from 'compression';
import type { RequestHandler, Response } from 'express';

/**
 * JSON answers over 1 KB (the gateway's own and the services') go out compressed when the browser accepts it:
 * brotli, else gzip (docs/architecture.md "Speed"). Files are left alone: they are mostly compressed already and
 * answer range requests. Two handlers, used together, the whole-answer one inside `compression`'s:
 *
 * - `compressWholeJson`: an answer whose length is known and at most 1 MB (every list, every service answer) is
 *   compressed in one synchronous call once it is complete. `compression` streams every answer through an encoder
 *   of its own on Node's thread pool; for a 33 KB page of the gallery that cost about 0.45 ms of the gateway's
 *   CPU, several times the compressing itself, and every list paid it.
 * - `compressedJson`: `compression` itself, for the rest (no length, or larger), and `Vary: Accept-Encoding`.
 *
 * Brotli at quality 2: on a 60-item page as small as the library's default (4) for about two thirds of the CPU.
 * A 64 KB window (LGWIN 16) instead of the default 4 MB: setting up and freeing the large window for each
 * answer cost more than compressing the page.
 */
const THRESHOLD_BYTES = 1024;
const WHOLE_AT_MOST_BYTES = 1024 * 1024;
const BROTLI_PARAMS = { [zlib.BROTLI_PARAM_QUALITY]: 2, [zlib.BROTLI_PARAM_LGWIN]: 16 };
const GZIP_LEVEL = 6;

const isJson = (res: Response) => /^application\/json\b/.test(String(res.getHeader('Content-Type') ?? ''));

export const compressedJson = compression({
  threshold: THRESHOLD_BYTES,
  level: GZIP_LEVEL,
  brotli: { params: BROTLI_PARAMS },
  filter: (_req, res) => isJson(res),
});

/** Whether an answer about to be sent is one `compressWholeJson` takes: JSON of a known, bounded length. */
function takesWhole(res: Response): boolean {
  const length = Number(res.getHeader('Content-Length'));
  return (
    isJson(res) &&
    length >= THRESHOLD_BYTES &&
    length <= WHOLE_AT_MOST_BYTES &&
    res.getHeader('Content-Encoding') === undefined &&
    !/\bno-transform\b/.test(String(res.getHeader('Cache-Control') ?? ''))
  );
}

type Chunk = string | Uint8Array;
type Callback = (error?: Error | null) => void;

function asBuffer(chunk: Chunk, encoding: unknown): Buffer {
  if (typeof chunk !== 'string') return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
}

/** See above. Must come after `compressedJson`, so that it sees the answer first. */
export const compressWholeJson: RequestHandler = (req, res, next) => {
  if (req.method === 'HEAD') return next();
  // Brotli whenever the browser takes it (every current one does), as `compression` prefers it too.
  const encoding = req.acceptsEncodings('br') ? 'br' : req.acceptsEncodings('gzip') ? 'gzip' : null;
  if (!encoding) return next();

  // undefined until the first write or the end decides; then the chunks so far, or null when not taken.
  let chunks: Buffer[] | null | undefined;
  const taken = () => {
    if (chunks === undefined) chunks = !res.headersSent && takesWhole(res) ? [] : null;
    return chunks !== null;
  };
  // The response's own write and end (or those of the handler before), called as Node calls them.
  const write = res.write as (...args: unknown[]) => boolean;
  const end = res.end as (...args: unknown[]) => Response;

  res.write = function (this: Response, chunk: Chunk, encodingOrCallback?: unknown, callback?: Callback) {
    if (!taken()) return write.apply(this, [chunk, encodingOrCallback, callback]);
    chunks!.push(asBuffer(chunk, encodingOrCallback));
    const done = typeof encodingOrCallback === 'function' ? (encodingOrCallback as Callback) : callback;
    if (done) process.nextTick(done);
    return true;
  } as Response['write'];

  res.end = function (this: Response, chunk?: unknown, encodingOrCallback?: unknown, callback?: Callback) {
    if (typeof chunk === 'function') return end.call(this, chunk);
    if (!taken()) return end.apply(this, [chunk, encodingOrCallback, callback]);
    if (chunk !== undefined && chunk !== null) chunks!.push(asBuffer(chunk as Chunk, encodingOrCallback));
    const whole = Buffer.concat(chunks!);
    const packed =
      encoding === 'br'
        ? brotliCompressSync(whole, { params: { ...BROTLI_PARAMS, [zlib.BROTLI_PARAM_SIZE_HINT]: whole.length } })
        : gzipSync(whole, { level: GZIP_LEVEL });
    res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', packed.length);
    const done = typeof encodingOrCallback === 'function' ? (encodingOrCallback as Callback) : callback;
    return done ? end.call(this, packed, done) : end.call(this, packed);
  } as Response['end'];

  next();
};
