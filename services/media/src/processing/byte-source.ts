/**
 * Reads parts of a file without holding it whole: a local file in the worker, an object in storage at upload.
 * The readers of motion clips and content identifiers walk a file's boxes through it.
 */
import { open } from 'node:fs/promises';
import { buffer } from 'node:stream/consumers';
import type { ObjectStorage } from '@family/shared/storage';

export interface ByteSource {
  readonly size: number;
  /** Up to `length` bytes from `position` (fewer at the end of the file). */
  read(position: number, length: number): Promise<Buffer>;
}

/** Runs `use` over a local file, closing it afterwards. */
export async function withFileSource<T>(path: string, use: (source: ByteSource) => Promise<T>): Promise<T> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    return await use({
      size,
      async read(position, length) {
        const wanted = Math.max(0, Math.min(length, size - position));
        const part = Buffer.alloc(wanted);
        const { bytesRead } = await file.read(part, 0, wanted, position);
        return part.subarray(0, bytesRead);
      },
    });
  } finally {
    await file.close();
  }
}

/** An object in storage, read by byte ranges. */
export function storageSource(storage: ObjectStorage, key: string, size: number): ByteSource {
  return {
    size,
    async read(position, length) {
      const end = Math.min(size, position + length) - 1;
      if (end < position) return Buffer.alloc(0);
      return buffer(await storage.get(key, { start: position, end }));
    },
  };
}

export interface BoxHeader {
  type: string;
  /** Where the box starts, where its content starts and where it ends, in the file. */
  start: number;
  contentStart: number;
  end: number;
}

/** The boxes (atoms) of an ISO-BMFF or QuickTime file between `from` and `to`, read one header at a time. */
export async function* boxesOf(source: ByteSource, from = 0, to = source.size): AsyncGenerator<BoxHeader> {
  let position = from;
  while (position + 8 <= to) {
    const header = await source.read(position, 16);
    if (header.length < 8) return;
    let size = header.readUInt32BE(0);
    const type = header.toString('latin1', 4, 8);
    let headerSize = 8;
    if (size === 1) {
      if (header.length < 16) return;
      size = Number(header.readBigUInt64BE(8));
      headerSize = 16;
    } else if (size === 0) {
      size = to - position;
    }
    if (size < headerSize || position + size > to) return;
    yield { type, start: position, contentStart: position + headerSize, end: position + size };
    position += size;
  }
}
