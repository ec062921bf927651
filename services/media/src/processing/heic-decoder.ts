/**
 * Decodes a HEIC/HEIF photo to RGBA pixels with heic-decode (libheif as WebAssembly): sharp's prebuilt libvips
 * has no HEVC decoder. The decoding runs in a worker thread that ends afterwards, because WebAssembly memory only
 * grows: a 12-MP photo takes about 150 MB that would otherwise stay with the process for good. The thread is
 * stopped when it runs past its time, and libheif's console chatter is not let through.
 */
import { readFile } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';

export interface DecodedPicture {
  width: number;
  height: number;
  /** RGBA, 8 bits a channel, rows top to bottom, with HEIF's rotation and mirroring applied. */
  rgba: Buffer;
}

/** Plain JavaScript, so it runs the same from the build and from the tests' TypeScript. */
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const decode = require(workerData.decoderPath);
decode({ buffer: new Uint8Array(workerData.file) }).then(
  ({ width, height, data }) => parentPort.postMessage({ width, height, data }, [data.buffer]),
  (error) => parentPort.postMessage({ error: String((error && error.message) || error) }),
);
`;

/** The decoder ran past its time and was stopped. */
export class DecodeTimeout extends Error {}

type ThreadAnswer = { width: number; height: number; data: Uint8ClampedArray } | { error: string };

/** Rejects with the decoder's own words when the file is damaged; the caller turns them into a sentence. */
export async function decodeHeic(path: string, timeoutMs: number): Promise<DecodedPicture> {
  const contents = await readFile(path);
  // The bytes move to the thread (transferred, not copied) in a buffer of their own.
  const file = contents.buffer.slice(contents.byteOffset, contents.byteOffset + contents.byteLength);
  const worker = new Worker(THREAD_SOURCE, {
    eval: true,
    workerData: { decoderPath: require.resolve('heic-decode'), file },
    transferList: [file],
    stdout: true,
    stderr: true,
  });
  worker.stdout.resume();
  worker.stderr.resume();
  try {
    const answer = await new Promise<ThreadAnswer>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new DecodeTimeout(`HEIC decoding took longer than ${timeoutMs} ms`)),
        timeoutMs,
      );
      worker.once('message', (message: ThreadAnswer) => {
        clearTimeout(timer);
        resolve(message);
      });
      worker.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      worker.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`HEIC decoder stopped (exit code ${code})`));
      });
    });
    if ('error' in answer) throw new Error(answer.error);
    return {
      width: answer.width,
      height: answer.height,
      rgba: Buffer.from(answer.data.buffer, answer.data.byteOffset, answer.data.byteLength),
    };
  } finally {
    await worker.terminate();
  }
}
