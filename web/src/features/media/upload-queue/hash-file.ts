/** Files larger than this are sent without asking first: reading them whole to hash them costs a phone too much. */
export const MAX_HASHED_BYTES = 200 * 1024 * 1024;

let worker: Worker | null = null;
let asked = 0;
const waiting = new Map<number, (sha256: string | null) => void>();

function hashWorker(): Worker {
  if (!worker) {
    worker = new Worker(new URL('./hash.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<{ id: number; sha256: string | null }>) => {
      waiting.get(event.data.id)?.(event.data.sha256);
      waiting.delete(event.data.id);
    };
    worker.onerror = () => {
      // A worker that cannot start (an old browser): every file goes unhashed.
      for (const answer of waiting.values()) answer(null);
      waiting.clear();
    };
  }
  return worker;
}

/** A file's SHA-256 in hex, worked out in a Web Worker; null when too large or when the browser cannot. */
export function hashFile(file: File): Promise<string | null> {
  if (file.size > MAX_HASHED_BYTES || typeof Worker === 'undefined') return Promise.resolve(null);
  return new Promise((resolve) => {
    const id = ++asked;
    waiting.set(id, resolve);
    hashWorker().postMessage({ id, file });
  });
}
