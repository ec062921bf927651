import { createHash, type Hash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { PayloadTooLargeException } from '@nestjs/common';

export interface UploadGateOptions<T> {
  /** Past this many bytes the stream fails with 413 at once, before the rest arrives. */
  maxBytes: number;
  tooLargeMessage: string;
  /** How much of the file's beginning `inspect` is shown (the whole file when it is shorter). */
  headBytes: number;
  /**
   * Judges the file by its first bytes before any byte goes further: throwing (a 415, say) refuses it, so a
   * refused file never reaches storage. What it answers is kept as `inspected`.
   */
  inspect: (head: Buffer) => T | Promise<T>;
  /** Also compute the sha256 of every byte that passes. */
  sha256?: boolean;
}

/**
 * The checkpoint an uploaded file streams through on its way to storage (or to an image decoder): it counts the
 * bytes against a cap, holds back the first `headBytes` until `inspect` has judged them, and hashes as it goes.
 */
export class UploadGate<T = unknown> extends Transform {
  /** Bytes seen so far. */
  size = 0;
  /** The first `headBytes` of the file, once inspected. */
  head: Buffer = Buffer.alloc(0);
  /** What `inspect` answered, once it has. */
  inspected: T | undefined;
  private readonly hash: Hash | undefined;
  private held: Buffer[] = [];
  private heldBytes = 0;
  private decided = false;

  constructor(private readonly options: UploadGateOptions<T>) {
    super();
    this.hash = options.sha256 ? createHash('sha256') : undefined;
  }

  /** The hex sha256 of the whole file: ask once, after the stream has ended. */
  sha256(): string {
    if (!this.hash) throw new Error('This upload gate was made without sha256.');
    return this.hash.digest('hex');
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.options.maxBytes) {
      callback(new PayloadTooLargeException(this.options.tooLargeMessage));
      return;
    }
    this.hash?.update(chunk);
    if (this.decided) {
      callback(null, chunk);
      return;
    }
    this.held.push(chunk);
    this.heldBytes += chunk.length;
    if (this.heldBytes < this.options.headBytes) {
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

  /** Inspects the head and, when it passes, lets everything held so far through. */
  private async release(): Promise<void> {
    this.decided = true;
    const held = Buffer.concat(this.held, this.heldBytes);
    this.held = [];
    // A copy, so the head does not keep a large first chunk alive.
    this.head = Buffer.from(held.subarray(0, this.options.headBytes));
    this.inspected = await this.options.inspect(this.head);
    if (held.length > 0) this.push(held);
  }
}
