import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { BadRequestException } from '@nestjs/common';
import busboy from 'busboy';

export const INTERRUPTED_UPLOAD = 'The upload was interrupted. Please try again.';

/**
 * Streams the multipart request into busboy and hands the file of `field` to `handle` as it arrives
 * (other files are skipped, nothing is buffered here). Resolves with what `handle` made, or undefined
 * when the request carried no such file; rejects with `handle`'s error as soon as it fails, discarding
 * the rest of the body so the answer can go out at once.
 */
export function receiveSingleFile<T>(
  req: IncomingMessage,
  field: string,
  notMultipartMessage: string,
  handle: (file: Readable) => Promise<T>,
): Promise<T | undefined> {
  return new Promise<T | undefined>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { files: 1, fields: 20, fieldSize: 64 * 1024, parts: 40, headerPairs: 100 },
      });
    } catch {
      // Not multipart/form-data (or no boundary): there is no file to read.
      req.resume();
      reject(new BadRequestException(notMultipartMessage));
      return;
    }

    let work: Promise<T> | undefined;
    let file: Readable | undefined;
    let settled = false;

    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      file?.destroy(error instanceof Error ? error : new Error(String(error)));
      req.unpipe(parser);
      req.resume(); // read and drop whatever is still coming
      reject(error);
    };

    parser.on('file', (name, stream) => {
      if (name !== field || work) {
        stream.resume();
        return;
      }
      file = stream;
      work = handle(stream);
      work.catch(fail);
    });
    parser.on('error', () => fail(new BadRequestException(INTERRUPTED_UPLOAD)));
    parser.on('close', () => {
      if (settled) return;
      if (!work) {
        settled = true;
        resolve(undefined);
        return;
      }
      work.then((value) => {
        if (settled) return;
        settled = true;
        resolve(value);
      }, fail);
    });
    req.on('close', () => {
      if (!req.complete) fail(new BadRequestException(INTERRUPTED_UPLOAD));
    });
    req.pipe(parser);
  });
}
