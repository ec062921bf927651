/**
 * The files a phone's gallery shared with the installed app (the manifest's `share_target`): the service worker
 * receives the POST to /share and keeps them here, in IndexedDB, and the /share page takes them into the upload
 * queue. Used by both sides, so it names no DOM-only type.
 */

const DATABASE = 'family-archive-share';
const STORE = 'files';

function openInbox(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { autoIncrement: true });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('The shared files could not be kept.'));
  });
}

function done(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('The shared files could not be read.'));
    transaction.onabort = () => reject(transaction.error ?? new Error('The shared files could not be read.'));
  });
}

/**
 * Keeps the files of one share until the app takes them, in place of what an earlier share left: a share is one
 * batch, and the same share received twice must not bring its files twice (they arrive without their dates, so
 * two copies could not be told apart).
 */
export async function putSharedFiles(files: File[]): Promise<void> {
  const database = await openInbox();
  try {
    const transaction = database.transaction(STORE, 'readwrite');
    const store = transaction.objectStore(STORE);
    store.clear();
    for (const file of files) store.add(file);
    await done(transaction);
  } finally {
    database.close();
  }
}

/**
 * The files waiting in the inbox, left there: a reload of /share before Upload finds them again. The inbox is
 * emptied once they are in the upload queue (which keeps them itself) or the person cancels.
 */
export async function readSharedFiles(): Promise<File[]> {
  if (typeof indexedDB === 'undefined') return [];
  const database = await openInbox();
  try {
    const transaction = database.transaction(STORE, 'readonly');
    const all = transaction.objectStore(STORE).getAll();
    await done(transaction);
    return (all.result as unknown[]).filter((value): value is File => value instanceof Blob && 'name' in value);
  } finally {
    database.close();
  }
}

/** Empties the inbox (the files queued, the share cancelled, or signing out). */
export async function forgetSharedFiles(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  const database = await openInbox();
  try {
    const transaction = database.transaction(STORE, 'readwrite');
    transaction.objectStore(STORE).clear();
    await done(transaction);
  } finally {
    database.close();
  }
}
