import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { BadRequestException } from '@nestjs/common';
import { readMultipart } from './multipart';
import { makeTempFolder } from './temp-folder';
import { UploadGate } from './upload-gate';

export interface TempUploadOptions<T> {
  /** The temporary folder's name begins with this (`family-gedcom-`). */
  prefix: string;
  maxBytes: number;
  tooLargeMessage: string;
  notMultipartMessage: string;
  noFileMessage: string;
  /** Judges the file's first 4 kB before more is written: throwing (415) refuses it at once. */
  inspect: (head: Buffer) => T;
}

export interface TempUpload<T> {
  /** The file on local disk, whole. */
  path: string;
  fileName: string;
  size: number;
  inspected: T;
  /** Removes the temporary copy. */
  discard(): Promise<void>;
}

const LIMITS = { fields: 5, parts: 10, fieldSize: 1024, fieldNameSize: 100 };

/**
 * An upload read whole before it is judged (a GEDCOM file, a GEDZIP, a takeout ZIP): the form's one `file`
 * streams to a temporary file while its size is capped and its first bytes inspected, so something of the wrong
 * kind is refused before it is read to its end. On any failure nothing is left on disk.
 */
export async function receiveToTempFile<T>(
  req: IncomingMessage,
  options: TempUploadOptions<T>,
): Promise<TempUpload<T>> {
  const folder = await makeTempFolder(options.prefix);
  const discard = () => rm(folder, { recursive: true, force: true });
  try {
    const { file } = await readMultipart(req, {
      limits: LIMITS,
      notMultipartMessage: options.notMultipartMessage,
      maxBody: { bytes: options.maxBytes + 64 * 1024, message: options.tooLargeMessage },
      takeFile: (part) => {
        if (part.field !== 'file' || !part.fileName) return null;
        const gate = new UploadGate<T>({
          maxBytes: options.maxBytes,
          tooLargeMessage: options.tooLargeMessage,
          headBytes: 4096,
          inspect: options.inspect,
        });
        const path = join(folder, 'upload');
        return pipeline(part.stream, gate, createWriteStream(path)).then(() => ({
          path,
          fileName: part.fileName.slice(0, 255),
          size: gate.size,
          inspected: gate.inspected as T,
        }));
      },
    });
    if (!file) throw new BadRequestException(options.noFileMessage);
    return { ...file, discard };
  } catch (error) {
    await discard();
    throw error;
  }
}
