import { createContext, useContext, useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { useRefreshMedia } from '../../../lib/queries/media';
import { fetchUploadResult, findExisting, UPLOADS_ENDPOINT } from '../api/uploads';
import { hashFile } from './hash-file';
import { keptFilesInBrowser } from './kept-files';
import { forgetAllPendingUploads } from './pending-uploads';
import { UploadQueue, type UploadQueueSnapshot } from './upload-queue';

// One queue per signed-in member for the whole visit: it outlives every page (and React's StrictMode remounts).
let current: { userId: number; queue: UploadQueue } | null = null;

function queueFor(userId: number): UploadQueue {
  if (current?.userId !== userId) {
    current?.queue.dispose();
    const queue = new UploadQueue({
      userId,
      endpoint: UPLOADS_ENDPOINT,
      hash: hashFile,
      findExisting,
      fetchResult: fetchUploadResult,
      keptFiles: keptFilesInBrowser,
    });
    void queue.restore();
    current = { userId, queue };
  }
  return current.queue;
}

/**
 * Signing out empties what the browser kept of the archive (docs/product.md "The sign-in screen"): the uploads
 * stop, and the addresses of unfinished ones and the shared files kept for them are forgotten (the archive
 * expires their bytes).
 */
export function forgetUploads(): void {
  current?.queue.dispose();
  current = null;
  forgetAllPendingUploads();
  void keptFilesInBrowser.forgetAll().catch(() => undefined);
}

const UploadQueueContext = createContext<UploadQueue | null>(null);

/** Media lists are read again at most this often while files keep arriving. */
const REFRESH_PAUSE_MS = 1500;

type UploadQueueProviderProps = {
  userId: number;
  /** A queue of its own (tests); by default the member's queue of this visit. */
  queue?: UploadQueue;
  children: ReactNode;
};

/** Keeps the member's upload queue above the routes, and refreshes the media lists as its files arrive. */
export function UploadQueueProvider({ userId, queue: given, children }: UploadQueueProviderProps) {
  const queue = given ?? queueFor(userId);
  const refresh = useRefreshMedia();
  const { entries } = useSyncExternalStore(queue.subscribe, queue.getSnapshot);
  const arrived = entries.filter((entry) => entry.state === 'done').length;
  const lastRefresh = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // docs/product.md "Fresh lists": a new item shows at once; while many arrive, the lists are read again at most
  // every REFRESH_PAUSE_MS, the last arrival included.
  useEffect(() => {
    if (arrived === 0 || timer.current) return;
    const wait = Math.max(0, lastRefresh.current + REFRESH_PAUSE_MS - Date.now());
    timer.current = setTimeout(() => {
      timer.current = null;
      lastRefresh.current = Date.now();
      void refresh();
    }, wait);
  }, [arrived, refresh]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    },
    [],
  );

  // A connection that dropped for longer than the retries waited: carry on once the browser is back online.
  useEffect(() => {
    const online = () => queue.retryDropped();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [queue]);

  return <UploadQueueContext.Provider value={queue}>{children}</UploadQueueContext.Provider>;
}

/** The queue, for adding files and acting on rows. */
export function useUploadQueue(): UploadQueue {
  const queue = useContext(UploadQueueContext);
  if (!queue) throw new Error('useUploadQueue needs an UploadQueueProvider above it');
  return queue;
}

/** The queue's rows and "Just uploaded", re-rendering as they change. */
export function useUploadQueueState(): UploadQueueSnapshot {
  const queue = useUploadQueue();
  return useSyncExternalStore(queue.subscribe, queue.getSnapshot);
}

/** The queue when there is one (a component shown outside the signed-in app, as in tests, gets null). */
export function useOptionalUploadQueue(): UploadQueue | null {
  return useContext(UploadQueueContext);
}

const NO_QUEUE: UploadQueueSnapshot = { entries: [], justUploadedSince: null };
const noSubscription = () => () => undefined;

/** The queue's state where a queue may be missing (a page rendered on its own): empty then. */
export function useOptionalUploadQueueState(): UploadQueueSnapshot {
  const queue = useContext(UploadQueueContext);
  return useSyncExternalStore(queue?.subscribe ?? noSubscription, queue?.getSnapshot ?? (() => NO_QUEUE));
}
