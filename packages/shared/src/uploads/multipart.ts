import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { BadRequestException, PayloadTooLargeException } from '@nestjs/common';
import busboy from 'busboy';
import { NUL_MESSAGE } from '../request-input';

export const UNREADABLE_UPLOAD = 'The upload could not be read. Please try again.';
export const INTERRUPTED_UPLOAD = 'The upload was interrupted. Please try again.';
export const TOO_MANY_FIELDS = 'The upload has too many fields.';
export const TOO_MANY_PARTS = 'The upload has too many parts.';

/**
 * After refusing an upload the rest of the request is read and thrown away, so the connection stays usable
 * and the client surely reads the answer; a client that keeps sending past this much more is cut off.
 */
const DRAIN_LIMIT = 64 * 1024 * 1024;

/** How much text a form may carry around its one file (busboy's limits of the same names). */
export interface MultipartLimits {
  fields: number;
  parts: number;
  /** Bytes of one field's value. */
  fieldSize: number;
  /** Bytes of one field's name. */
  fieldNameSize: number;
}

/** A file part of the form, as it starts to arrive. */
export interface FilePart {
  /** The form field it came under. */
  field: string;
  /** The name the file had on the sender's device ('' when none): a hint, never a storage key. */
  fileName: string;
  /** The type the sender declared ('' when none): a hint, never trusted alone. */
  mimeType: string;
  /** The file's bytes; whoever takes the part must read them to the end. */
  stream: Readable;
}

export interface MultipartOptions<T> {
  limits: MultipartLimits;
  /** The 400 sentence for a request that is not multipart/form-data. */
  notMultipartMessage: string;
  /** A request that declares a longer body is refused with 413 and this sentence before any of it is read. */
  maxBody?: { bytes: number; message: string };
  /**
   * Takes a file part: answers the work that reads `part.stream` (into storage, say), or null to skip the part.
   * One file per upload: once one is taken, later ones are skipped. When the work fails, the upload fails at once
   * with its error. `fieldsSoFar` are the fields that came before the file.
   */
  takeFile: (part: FilePart, fieldsSoFar: ReadonlyMap<string, string>) => Promise<T> | null;
  /** Undoes the work of a file that was taken when the upload fails after it (removes the stored object). */
  discard?: (file: T) => Promise<void>;
}

export interface MultipartUpload<T> {
  /** Every text field, wherever it came (before or after the file), for the caller to check. */
  fields: Map<string, string>;
  /** What the taken file's work answered, or undefined when no file was taken. */
  file: T | undefined;
}

/**
 * Reads a multipart/form-data request as it streams: text fields into a map, the one file handed to `takeFile`
 * as it arrives (never held whole in memory). On any failure (a limit, a refused file, a client that hangs up)
 * the taken file's work has ended and been discarded, the rest of the request is drained, and the error (an
 * HttpException with a sentence, for the known cases) is thrown.
 */
export async function readMultipart<T>(
  req: IncomingMessage,
  options: MultipartOptions<T>,
): Promise<MultipartUpload<T>> {
  const declaredLength = Number(req.headers['content-length']);
  if (options.maxBody && Number.isFinite(declaredLength) && declaredLength > options.maxBody.bytes) {
    drainRequest(req);
    throw new PayloadTooLargeException(options.maxBody.message);
  }

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      limits: { ...options.limits, files: 1 },
      // Browsers send file names as UTF-8 (busboy's default is latin1).
      defParamCharset: 'utf8',
    });
  } catch {
    drainRequest(req);
    throw new BadRequestException(options.notMultipartMessage);
  }

  const fields = new Map<string, string>();
  let taken: { part: FilePart; work: Promise<{ value: T } | undefined> } | undefined;
  let problem: { error: unknown } | undefined;
  let settle!: () => void;
  const finished = new Promise<void>((resolve) => (settle = resolve));

  const fail = (error: unknown) => {
    if (problem) return;
    problem = { error };
    // Ends the file's work too: whatever it was writing is abandoned and removed by the writer.
    taken?.part.stream.destroy(error instanceof Error ? error : new Error(String(error)));
    settle();
  };

  parser.on('field', (name, value, info) => {
    if (info.nameTruncated || info.valueTruncated) fail(new BadRequestException(`The ${name} field is too long.`));
    // Postgres cannot store a null character in text.
    else if (value.includes('\u0000')) fail(new BadRequestException(NUL_MESSAGE));
    else fields.set(name, value);
  });

  parser.on('file', (field, stream, info) => {
    const part: FilePart = {
      field,
      // Browsers write a quote in a file name as %22 (HTML's multipart encoding); busboy keeps only the base name.
      fileName: (info.filename ?? '').replace(/%22/g, '"'),
      mimeType: info.mimeType ?? '',
      stream,
    };
    let work: Promise<T> | null = null;
    if (!taken && !problem) {
      try {
        work = options.takeFile(part, fields);
      } catch (error) {
        fail(error);
      }
    }
    if (!work) {
      stream.resume();
      return;
    }
    // Its failures reach us through the work; one it does not listen for must not crash the process.
    stream.on('error', () => undefined);
    taken = {
      part,
      work: work.then(
        (value) => ({ value }),
        (error: unknown) => {
          fail(error);
          return undefined;
        },
      ),
    };
  });

  parser.on('fieldsLimit', () => fail(new BadRequestException(TOO_MANY_FIELDS)));
  parser.on('partsLimit', () => fail(new BadRequestException(TOO_MANY_PARTS)));
  parser.on('error', () => fail(new BadRequestException(UNREADABLE_UPLOAD)));
  parser.on('close', () => settle());
  req.on('close', () => {
    if (!req.complete) fail(new BadRequestException(INTERRUPTED_UPLOAD));
  });

  req.pipe(parser);
  await finished;
  // The form is read (or given up on): wait for the file's work to finish or to fail.
  const file = taken ? await taken.work : undefined;

  if (problem) {
    req.unpipe(parser);
    drainRequest(req);
    if (file && options.discard) await options.discard(file.value).catch(() => undefined);
    throw problem.error;
  }
  return { fields, file: file?.value };
}

/** Reads and discards what is left of a request we have stopped reading. */
export function drainRequest(req: IncomingMessage): void {
  let discarded = 0;
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > DRAIN_LIMIT) req.destroy();
  });
  req.resume();
}
