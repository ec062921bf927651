import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { pipeline, Transform, type TransformCallback } from 'node:stream';
import {
  BadRequestException,
  HttpException,
  Logger,
  PayloadTooLargeException,
  ServiceUnavailableException,
} from '@nestjs/common';
import busboy from 'busboy';
import { NUL_MESSAGE } from '@family/shared';
import type { ObjectStorage } from '@family/shared/storage';
import { type DeclaredFile, sniffKind, type SniffedKind } from './media-kind';

export const MAX_FILE_BYTES = 50 * 1024 * 1024;
export const TOO_LARGE_MESSAGE = 'File size must be less than 50MB';
/** Bytes held back to sniff the kind and read the EXIF date: the file's magic and a JPEG's EXIF block fit in it. */
export const HEAD_BYTES = 64 * 1024;
/** Form fields (type, title, description, content, ...) around the file: generous, but bounded. */
const FIELDS_ALLOWANCE = 1024 * 1024;
/**
 * After refusing an upload the rest of the request is read and thrown away, so the connection stays usable
 * and the client surely reads the answer; a client that keeps sending past this much more is cut off.
 */
const DRAIN_LIMIT = 64 * 1024 * 1024;
/** Field names the file may come under: `file` (docs/api.md), `image` for a post's picture. */
const FILE_FIELDS = new Set(['file', 'image']);

/** A file now in storage under `key`, with what was learned while it streamed through. */
export interface ReceivedFile {
  key: string;
  size: number;
  sha256: string;
  sniffed: SniffedKind | null;
  declared: DeclaredFile;
  /** The first HEAD_BYTES of the file (for the EXIF date). */
  head: Buffer;
}

export interface ReceivedUpload {
  fields: Map<string, string>;
  file: ReceivedFile | null;
}

export interface ReceiveOptions {
  storage: ObjectStorage;
  /** A fresh storage key, made by the service. */
  newKey: () => string;
  /**
   * Called once the file's first bytes are sniffed, with the fields that came before the file. Throws to refuse
   * the file at once (a wrong kind), so a refused file is not read to its end.
   */
  onSniffed: (sniffed: SniffedKind | null, declared: DeclaredFile, fieldsSoFar: Map<string, string>) => void;
  maxFileBytes?: number;
}

/**
 * Streams a multipart upload straight into storage: the file is never held whole in memory or on a temp disk.
 * Its size is counted, its sha256 computed and its kind sniffed as it flows. The fields may come before or after
 * the file; they are all returned at the end for the caller to check. On any failure nothing is left in storage
 * and the rest of the request is drained, then the error is thrown.
 */
export async function receiveUpload(req: IncomingMessage, options: ReceiveOptions): Promise<ReceivedUpload> {
  const maxFileBytes = options.maxFileBytes ?? MAX_FILE_BYTES;
  const declaredLength = Number(req.headers['content-length']);
  if (Number.isFinite(declaredLength) && declaredLength > maxFileBytes + FIELDS_ALLOWANCE) {
    drain(req);
    throw new PayloadTooLargeException(TOO_LARGE_MESSAGE);
  }

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      limits: { files: 1, fields: 20, parts: 30, fieldSize: 100 * 1024, fieldNameSize: 100 },
      // Browsers send file names as UTF-8 (busboy's default is latin1).
      defParamCharset: 'utf8',
    });
  } catch {
    drain(req);
    throw new BadRequestException('Please send the upload as a form with a file (multipart/form-data).');
  }

  const fields = new Map<string, string>();
  let fileTask: Promise<ReceivedFile | null> | undefined;
  let meter: UploadMeter | undefined;
  let problem: unknown;
  let settle!: () => void;
  const finished = new Promise<void>((resolve) => (settle = resolve));

  const fail = (error: unknown) => {
    if (problem !== undefined) return;
    problem = error;
    meter?.destroy(error as Error);
    settle();
  };

  parser.on('field', (name, value, info) => {
    if (info.nameTruncated || info.valueTruncated) fail(new BadRequestException(`The ${name} field is too long.`));
    // Postgres cannot store a null character in text.
    else if (value.includes('\u0000')) fail(new BadRequestException(NUL_MESSAGE));
    else fields.set(name, value);
  });

  parser.on('file', (name, stream, info) => {
    // Browsers send an empty, nameless part for a file input left empty: that is no file.
    if (fileTask || problem !== undefined || !FILE_FIELDS.has(name) || !info.filename) {
      stream.resume();
      return;
    }
    // Browsers write a quote in a file name as %22 (HTML's multipart encoding); busboy keeps only the base name.
    const declared: DeclaredFile = { fileName: info.filename.replace(/%22/g, '"'), mimeType: info.mimeType ?? '' };
    const key = options.newKey();
    const fileMeter = new UploadMeter(maxFileBytes, async (head) => {
      const sniffed = await sniffKind(head, declared);
      options.onSniffed(sniffed, declared, fields);
      return sniffed;
    });
    meter = fileMeter;
    // A failing meter destroys busboy's file stream too; the request is drained below.
    pipeline(stream, fileMeter, () => undefined);
    fileTask = options.storage.put(key, fileMeter).then(
      ({ size }) => ({
        key,
        size,
        sha256: fileMeter.sha256(),
        sniffed: fileMeter.sniffed,
        declared,
        head: fileMeter.head,
      }),
      (error: unknown) => {
        fail(error instanceof HttpException ? error : storageFailure(error));
        return null;
      },
    );
  });

  parser.on('fieldsLimit', () => fail(new BadRequestException('The upload has too many fields.')));
  parser.on('partsLimit', () => fail(new BadRequestException('The upload has too many parts.')));
  parser.on('error', () => fail(new BadRequestException('The upload could not be read. Please try again.')));
  parser.on('close', () => settle());
  req.on('close', () => {
    if (!req.complete) fail(new BadRequestException('The upload was interrupted. Please try again.'));
  });

  req.pipe(parser);
  await finished;
  // busboy is done (or we gave up): wait for the file to reach storage, or to fail.
  const file = fileTask ? await fileTask : null;

  if (problem !== undefined) {
    req.unpipe(parser);
    drain(req);
    if (file) await options.storage.delete(file.key).catch(() => undefined);
    throw problem;
  }
  return { fields, file };
}

function storageFailure(error: unknown): HttpException {
  new Logger('Upload').error(`Storing an upload failed: ${(error as Error)?.stack ?? String(error)}`);
  return new ServiceUnavailableException('The file could not be stored right now. Please try again shortly.');
}

/** Reads and discards what is left of a request we have stopped reading. */
function drain(req: IncomingMessage): void {
  let discarded = 0;
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > DRAIN_LIMIT) req.destroy();
  });
  req.resume();
}

/**
 * Counts, hashes and sniffs a file on its way to storage. The first HEAD_BYTES are held back until the kind is
 * known, so a refused file never reaches storage; past the size limit it fails with 413.
 */
class UploadMeter extends Transform {
  size = 0;
  head: Buffer = Buffer.alloc(0);
  sniffed: SniffedKind | null = null;
  private readonly hash = createHash('sha256');
  private held: Buffer[] = [];
  private heldBytes = 0;
  private decided = false;

  constructor(
    private readonly maxBytes: number,
    private readonly inspect: (head: Buffer) => Promise<SniffedKind | null>,
  ) {
    super();
  }

  sha256(): string {
    return this.hash.digest('hex');
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) {
      callback(new PayloadTooLargeException(TOO_LARGE_MESSAGE));
      return;
    }
    this.hash.update(chunk);
    if (this.decided) {
      callback(null, chunk);
      return;
    }
    this.held.push(chunk);
    this.heldBytes += chunk.length;
    if (this.heldBytes < HEAD_BYTES) {
      callback();
      return;
    }
    this.release().then(() => callback(), callback);
  }

  override _flush(callback: TransformCallback): void {
    if (this.decided) {
      callback();
      return;
    }
    this.release().then(() => callback(), callback);
  }

  private async release(): Promise<void> {
    this.decided = true;
    const held = Buffer.concat(this.held, this.heldBytes);
    this.held = [];
    this.head = Buffer.from(held.subarray(0, HEAD_BYTES));
    this.sniffed = await this.inspect(this.head);
    if (held.length > 0) this.push(held);
  }
}
