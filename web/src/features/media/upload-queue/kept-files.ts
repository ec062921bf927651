import type { UploadMetadata } from '@family/contract';

/**
 * The files of uploads that have no file on disk to choose again: those shared with the installed app (the share
 * target). They are kept in the browser (IndexedDB) from the moment they are queued until their upload settles, so
 * after a reload the queue resumes them by itself (docs/product.md "Uploading many files").
 */
export type KeptFile = {
  /** The queue's fingerprint of the file, worked out once when it was queued (a shared file has no date). */
  fingerprint: string;
  userId: number;
  file: File;
  metadata: UploadMetadata;
  batchStartedAt: string;
};

export type KeptFiles = {
  keep: (kept: KeptFile) => Promise<void>;
  /** This member's kept files, oldest batch first. */
  read: (userId: number) => Promise<KeptFile[]>;
  forget: (fingerprint: string) => Promise<void>;
  /** Every member's (signing out empties what the browser kept). */
  forgetAll: () => Promise<void>;
};

const DATABASE = 'family-archive-uploads';
const STORE = 'files';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'fingerprint' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('The files to upload could not be kept.'));
  });
}

/** Runs `work` in one transaction of the store and resolves once it is committed. */
async function inStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const database = await open();
  try {
    const transaction = database.transaction(STORE, mode);
    const request = work(transaction.objectStore(STORE));
    await new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error ?? new Error('The kept files could not be read.'));
      transaction.onabort = () => reject(transaction.error ?? new Error('The kept files could not be read.'));
    });
    return request.result;
  } finally {
    database.close();
  }
}

/** The kept files in this browser's IndexedDB; where there is none, nothing is kept. */
export const keptFilesInBrowser: KeptFiles = {
  keep: async (kept) => {
    if (typeof indexedDB === 'undefined') return;
    await inStore('readwrite', (store) => store.put(kept));
  },
  read: async (userId) => {
    if (typeof indexedDB === 'undefined') return [];
    const all = await inStore<unknown[]>('readonly', (store) => store.getAll());
    return (all as KeptFile[])
      .filter((kept) => kept.userId === userId && kept.file instanceof Blob)
      .sort((a, b) => a.batchStartedAt.localeCompare(b.batchStartedAt));
  },
  forget: async (fingerprint) => {
    if (typeof indexedDB === 'undefined') return;
    await inStore('readwrite', (store) => store.delete(fingerprint));
  },
  forgetAll: async () => {
    if (typeof indexedDB === 'undefined') return;
    await inStore('readwrite', (store) => store.clear());
  },
};

/** Keeps nothing: files chosen from the device are chosen again after a reload. */
export const keepNothing: KeptFiles = {
  keep: async () => undefined,
  read: async () => [],
  forget: async () => undefined,
  forgetAll: async () => undefined,
};
