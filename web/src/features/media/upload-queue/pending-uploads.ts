/**
 * The uploads an earlier visit left unfinished, as tus-js-client keeps them in localStorage: under
 * `tus::<fingerprint>::<n>` the upload's address, size, metadata and start. The fingerprint names the member and the
 * file (size, last change, name), so a file chosen again on this device is recognised.
 */

const TUS_PREFIX = 'tus::';
const FINGERPRINT_PREFIX = 'fa1';

export type FileIdentity = { name: string; size: number; lastModified: number };

/** The member's fingerprint of a file: the same file chosen again gives the same one. */
export function fingerprintOf(userId: number, file: FileIdentity): string {
  return [FINGERPRINT_PREFIX, userId, file.size, file.lastModified, file.name].join(':');
}

function parseFingerprint(fingerprint: string): { userId: number; file: FileIdentity } | null {
  const [prefix, userId, size, lastModified, ...name] = fingerprint.split(':');
  if (prefix !== FINGERPRINT_PREFIX || name.length === 0) return null;
  const numbers = [userId, size, lastModified].map(Number);
  if (numbers.some((value) => !Number.isFinite(value))) return null;
  return {
    userId: numbers[0],
    file: { size: numbers[1], lastModified: numbers[2], name: name.join(':') },
  };
}

export type PendingUpload = FileIdentity & {
  fingerprint: string;
  storageKey: string;
  uploadUrl: string;
  metadata: Record<string, string>;
  creationTime: string;
};

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function keys(store: Storage): string[] {
  const found: string[] = [];
  for (let i = 0; i < store.length; i += 1) {
    const key = store.key(i);
    if (key?.startsWith(TUS_PREFIX)) found.push(key);
  }
  return found;
}

/** This member's unfinished uploads, one per file (the newest when a file was started twice), oldest first. */
export function readPendingUploads(userId: number): PendingUpload[] {
  const store = storage();
  if (!store) return [];
  const byFingerprint = new Map<string, PendingUpload>();
  for (const key of keys(store)) {
    const fingerprint = key.slice(TUS_PREFIX.length, key.lastIndexOf('::'));
    const parsed = parseFingerprint(fingerprint);
    if (!parsed || parsed.userId !== userId) continue;
    try {
      const value = JSON.parse(store.getItem(key) ?? '') as {
        uploadUrl?: unknown;
        metadata?: unknown;
        creationTime?: unknown;
      };
      if (typeof value.uploadUrl !== 'string') continue;
      const pending: PendingUpload = {
        ...parsed.file,
        fingerprint,
        storageKey: key,
        uploadUrl: value.uploadUrl,
        metadata: (value.metadata ?? {}) as Record<string, string>,
        creationTime: typeof value.creationTime === 'string' ? value.creationTime : new Date(0).toISOString(),
      };
      const known = byFingerprint.get(fingerprint);
      if (!known || known.creationTime < pending.creationTime) byFingerprint.set(fingerprint, pending);
    } catch {
      // A damaged entry is skipped, as tus-js-client skips it.
    }
  }
  return [...byFingerprint.values()].sort((a, b) => a.creationTime.localeCompare(b.creationTime));
}

/** Forgets every kept upload of a file (after it is cancelled). */
export function forgetPendingUpload(fingerprint: string): void {
  const store = storage();
  if (!store) return;
  for (const key of keys(store)) {
    if (key.startsWith(`${TUS_PREFIX}${fingerprint}::`)) store.removeItem(key);
  }
}

/** Forgets every upload kept in this browser, whoever's (signing out empties what the browser kept). */
export function forgetAllPendingUploads(): void {
  const store = storage();
  if (!store) return;
  for (const key of keys(store)) store.removeItem(key);
}
