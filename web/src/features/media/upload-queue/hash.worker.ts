/**
 * Works out a file's SHA-256 off the page's thread, so a hundred photos being checked never stall scrolling.
 * crypto.subtle exists only on secure pages (https, or localhost): elsewhere it answers null and the archive's own
 * duplicate check decides when the file arrives.
 */
type HashRequest = { id: number; file: Blob };
type HashAnswer = { id: number; sha256: string | null };

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<HashRequest>) => void) | null;
  postMessage: (answer: HashAnswer) => void;
};

const hex = (buffer: ArrayBuffer) =>
  [...new Uint8Array(buffer)].map((byte) => byte.toString(16).padStart(2, '0')).join('');

scope.onmessage = async (event) => {
  const { id, file } = event.data;
  try {
    const subtle = globalThis.crypto?.subtle;
    if (!subtle) return scope.postMessage({ id, sha256: null });
    scope.postMessage({ id, sha256: hex(await subtle.digest('SHA-256', await file.arrayBuffer())) });
  } catch {
    scope.postMessage({ id, sha256: null });
  }
};
