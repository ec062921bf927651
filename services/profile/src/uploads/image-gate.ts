import { Transform, type TransformCallback } from 'node:stream';
import { BadRequestException, PayloadTooLargeException, UnsupportedMediaTypeException } from '@nestjs/common';
import { fileTypeFromBuffer } from 'file-type';

/** file-type reads at most this much of a file's beginning to tell its kind. */
const SNIFF_BYTES = 4100;

export interface ImageGateMessages {
  empty: string;
  notImage: string;
  tooLarge: string;
}

/**
 * Lets an image through on its way to sharp: holds back the first bytes until their kind is sniffed
 * (not an image: 415), and counts every byte (more than `maxBytes`: 413, at once, before the rest arrives).
 */
export class ImageGate extends Transform {
  private head: Buffer[] = [];
  private headSize = 0;
  private sniffed = false;
  private total = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly messages: ImageGateMessages,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.total += chunk.length;
    if (this.total > this.maxBytes) {
      callback(new PayloadTooLargeException(this.messages.tooLarge));
      return;
    }
    if (this.sniffed) {
      callback(null, chunk);
      return;
    }
    this.head.push(chunk);
    this.headSize += chunk.length;
    if (this.headSize < SNIFF_BYTES) {
      callback();
      return;
    }
    this.sniff().then(() => callback(), callback);
  }

  override _flush(callback: TransformCallback): void {
    if (this.sniffed) {
      callback();
      return;
    }
    if (this.headSize === 0) {
      callback(new BadRequestException(this.messages.empty));
      return;
    }
    this.sniff().then(() => callback(), callback);
  }

  private async sniff(): Promise<void> {
    const head = Buffer.concat(this.head, this.headSize);
    this.head = [];
    const kind = await fileTypeFromBuffer(head);
    if (!kind?.mime.startsWith('image/')) throw new UnsupportedMediaTypeException(this.messages.notImage);
    this.sniffed = true;
    this.push(head);
  }
}
