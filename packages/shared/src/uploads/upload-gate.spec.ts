import { createHash, randomBytes } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PayloadTooLargeException, UnsupportedMediaTypeException } from '@nestjs/common';
import { UploadGate, type UploadGateOptions } from './upload-gate';

/** Streams `chunks` through the gate into memory; answers what came out, or the error it failed with. */
async function pass<T>(chunks: Buffer[], options: UploadGateOptions<T>) {
  const gate = new UploadGate(options);
  const out: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      out.push(chunk);
      callback();
    },
  });
  let error: unknown;
  await pipeline(Readable.from(chunks), gate, sink).catch((e: unknown) => (error = e));
  return { gate, out: Buffer.concat(out), error };
}

const chunksOf = (bytes: Buffer, size: number) =>
  Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size));

describe(UploadGate.name, () => {
  const file = randomBytes(10_000);

  it('passes every byte on unchanged, and counts, hashes and inspects the first bytes as they go', async () => {
    const seen: Buffer[] = [];
    const { gate, out, error } = await pass(chunksOf(file, 700), {
      maxBytes: 20_000,
      tooLargeMessage: 'too large',
      headBytes: 4096,
      sha256: true,
      inspect: (head) => {
        seen.push(head);
        return 'looks fine';
      },
    });
    expect(error).toBeUndefined();
    expect(out).toEqual(file);
    expect(gate.size).toBe(file.length);
    expect(gate.sha256()).toBe(createHash('sha256').update(file).digest('hex'));
    // Exactly the first headBytes, however the chunks fell, inspected once.
    expect(seen).toEqual([file.subarray(0, 4096)]);
    expect(gate.head).toEqual(file.subarray(0, 4096));
    expect(gate.inspected).toBe('looks fine');
  });

  it('inspects a file shorter than the head, and an empty one, when it ends', async () => {
    const short = await pass([file.subarray(0, 10)], {
      maxBytes: 100,
      tooLargeMessage: 'too large',
      headBytes: 64,
      inspect: async (head) => head.length,
    });
    expect(short.out).toEqual(file.subarray(0, 10));
    expect(short.gate.inspected).toBe(10);

    const empty = await pass([], { maxBytes: 100, tooLargeMessage: 'too large', headBytes: 64, inspect: (h) => h });
    expect(empty.error).toBeUndefined();
    expect(empty.gate.inspected).toEqual(Buffer.alloc(0));
  });

  it('lets nothing through when the inspection refuses the file', async () => {
    const refusal = new UnsupportedMediaTypeException('Only image files are allowed');
    const { out, error } = await pass(chunksOf(file, 1000), {
      maxBytes: 20_000,
      tooLargeMessage: 'too large',
      headBytes: 4096,
      inspect: async () => {
        throw refusal;
      },
    });
    expect(error).toBe(refusal);
    expect(out.length).toBe(0);
  });

  it('fails with 413 as soon as the cap is passed, before the rest is read', async () => {
    let read = 0;
    const endless = new Readable({
      read() {
        read += 1000;
        this.push(Buffer.alloc(1000, 1));
      },
    });
    const gate = new UploadGate({
      maxBytes: 5000,
      tooLargeMessage: 'File size must be less than 5 KB',
      headBytes: 10,
      inspect: () => null,
    });
    let passed = 0;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        passed += chunk.length;
        callback();
      },
    });
    const error = await pipeline(endless, gate, sink).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PayloadTooLargeException);
    expect((error as Error).message).toBe('File size must be less than 5 KB');
    expect(passed).toBeLessThanOrEqual(5000);
    expect(read).toBeLessThan(100_000);
  });

  it('has no sha256 unless asked for one', async () => {
    const { gate } = await pass([file], { maxBytes: 20_000, tooLargeMessage: 'x', headBytes: 10, inspect: () => null });
    expect(() => gate.sha256()).toThrow('made without sha256');
  });
});
