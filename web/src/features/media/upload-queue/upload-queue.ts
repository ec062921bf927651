import { ApiError, errorMessage } from '../../../lib/api';
import {
  fingerprintOf,
  forgetPendingUpload,
  readPendingUploads,
  type FileIdentity,
  type PendingUpload,
} from './pending-uploads';
import { keepNothing, type KeptFile, type KeptFiles } from './kept-files';
import {
  startTusUpload,
  terminateTusUpload,
  type RunningUpload,
  type TusCallbacks,
  type UploadResult,
} from './tus-upload';
import type { UploadMetadata } from '@family/contract';

/** What the upload dialog sets once for the whole batch (and a title for a single file). */
export type BatchFields = {
  title?: string;
  description?: string;
  /** `YYYY-MM-DD`. */
  mediaDate?: string;
  albumId?: number;
  taggedUsers?: number[];
};

export type UploadState =
  /** Its SHA-256 is being worked out and asked about (POST /api/media/exists). */
  | 'checking'
  /** Waiting for its turn. */
  | 'waiting'
  | 'uploading'
  /** Every byte is sent; the archive is reading and storing it. */
  | 'finishing'
  | 'paused'
  /** Left unfinished by an earlier visit: the file must be chosen again to resume. */
  | 'needs-file'
  | 'done'
  /** The archive already had this file: `mediaId` is the item. */
  | 'exists'
  | 'failed';

export type UploadEntry = {
  /** This queue's own id for the row. */
  key: string;
  name: string;
  size: number;
  lastModified: number;
  type: string;
  fingerprint: string;
  /** Null for a row left by an earlier visit until its file is chosen again. */
  file: File | null;
  metadata: UploadMetadata;
  state: UploadState;
  bytesSent: number;
  mediaId?: number;
  /** An item already there waits in the member's trash: restoring it is the way (uploading it again is refused). */
  inTrash?: boolean;
  error?: string;
  /** A failure of the connection, tried again by itself once the browser is back online. */
  networkError?: boolean;
  /** The batch it came in with (the time it was started, by this browser's clock). */
  batchStartedAt: string;
  /** When the archive made its upload, by the archive's clock: "Just uploaded" asks from the batch's first. */
  createdAt?: string;
  /** Where an earlier visit's upload lives on the server. */
  uploadUrl?: string;
  /** Its file is kept in the browser until it settles (a shared file: there is none on disk to choose again). */
  kept?: boolean;
};

export type UploadQueueSnapshot = {
  entries: readonly UploadEntry[];
  /**
   * For "Just uploaded", once the latest batch has settled with at least one new item: when its first upload was
   * made, by the archive's clock (a second early, as the answer's Date has whole seconds), else by this browser's
   * a minute early, should the two clocks differ.
   */
  justUploadedSince: string | null;
};

export type UploadQueueOptions = {
  userId: number;
  endpoint: string;
  /** A file's SHA-256 in hex, or null when it is not worked out (too large, no crypto here). */
  hash: (file: File) => Promise<string | null>;
  /** POST /api/media/exists: of these hashes, those the member already uploaded, with the item's id. */
  findExisting: (sha256: string[]) => Promise<Map<string, { mediaId: number; inTrash?: boolean } | number>>;
  fetchResult: (uploadUrl: string) => Promise<UploadResult | null>;
  /** Files sent at the same time. */
  concurrency?: number;
  chunkSize?: number;
  retryDelays?: number[];
  /** Hashes asked about in one request (the route takes up to 1000). */
  existsBatch?: number;
  /** Where files with no file on disk (shared with the app) are kept until they settle; by default nowhere. */
  keptFiles?: KeptFiles;
  now?: () => Date;
};

const MB = 1024 * 1024;
/** A phone's connection drops now and then: small enough chunks that little is sent twice, big enough to be quick. */
export const DEFAULT_CHUNK_SIZE = 8 * MB;
/** Tries again for about two minutes after a dropped connection before it says so (with Retry). */
export const DEFAULT_RETRY_DELAYS = [0, 1000, 3000, 5000, 10000, 20000, 30000, 60000];

const SETTLED: ReadonlySet<UploadState> = new Set(['done', 'exists', 'failed', 'needs-file']);
const isActive = (entry: UploadEntry) => !SETTLED.has(entry.state) && entry.state !== 'paused';

/** A file just queued (or taken back after a reload): its bytes are checked against the archive first. */
function newEntry(
  file: File,
  fingerprint: string,
  metadata: UploadMetadata,
  batchStartedAt: string,
  kept: boolean,
): UploadEntry {
  return {
    key: nextKey(),
    name: file.name,
    size: file.size,
    lastModified: file.lastModified,
    type: file.type,
    fingerprint,
    file,
    metadata,
    state: 'checking',
    bytesSent: 0,
    batchStartedAt,
    kept,
  };
}

function metadataOf(file: File, fields: BatchFields): UploadMetadata {
  const metadata: UploadMetadata = { filename: file.name };
  if (file.type) metadata.filetype = file.type;
  if (fields.title?.trim()) metadata.title = fields.title.trim();
  if (fields.description?.trim()) metadata.description = fields.description.trim();
  if (fields.mediaDate) metadata.mediaDate = fields.mediaDate;
  if (fields.albumId !== undefined) metadata.albumId = String(fields.albumId);
  if (fields.taggedUsers?.length) metadata.taggedUsers = JSON.stringify(fields.taggedUsers);
  return metadata;
}

let rowCount = 0;
const nextKey = () => `upload-${++rowCount}`;

/**
 * The upload queue (docs/product.md "Uploading many files"): files are checked against what the member already
 * has, then sent a few at a time over tus, each with its own progress, Pause, Resume, Cancel and Retry. It lives
 * above the routes, so uploads go on while the person browses; files an earlier visit left unfinished are listed
 * and resume from the server's offset when chosen again. React reads it with useSyncExternalStore.
 */
export class UploadQueue {
  private snapshot: UploadQueueSnapshot = { entries: [], justUploadedSince: null };
  private readonly listeners = new Set<() => void>();
  private readonly running = new Map<string, RunningUpload>();
  /** Rows whose upload is being started (the start is asynchronous): a pause meanwhile is kept here. */
  private readonly starting = new Set<string>();
  private checking = false;
  private disposed = false;
  /** Changes to the kept files, one after another, so a file let go quickly is not kept again after. */
  private keptChanges: Promise<void> = Promise.resolve();
  private readonly options: Required<UploadQueueOptions>;

  constructor(options: UploadQueueOptions) {
    this.options = {
      concurrency: 2,
      chunkSize: DEFAULT_CHUNK_SIZE,
      retryDelays: DEFAULT_RETRY_DELAYS,
      existsBatch: 100,
      keptFiles: keepNothing,
      now: () => new Date(),
      ...options,
    };
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  private publish(entries: readonly UploadEntry[], justUploadedSince = this.snapshot.justUploadedSince) {
    this.snapshot = { entries, justUploadedSince };
    for (const listener of this.listeners) listener();
  }

  private update(key: string, change: Partial<UploadEntry>) {
    if (this.disposed) return;
    const entries = this.snapshot.entries.map((entry) => (entry.key === key ? { ...entry, ...change } : entry));
    this.publish(entries, this.justUploadedAfter(entries, key));
  }

  private entry(key: string): UploadEntry | undefined {
    return this.snapshot.entries.find((entry) => entry.key === key);
  }

  /** When the batch of `changedKey` has just settled with a new item in it, its start; else what was shown. */
  private justUploadedAfter(entries: readonly UploadEntry[], changedKey: string): string | null {
    const changed = entries.find((entry) => entry.key === changedKey);
    if (!changed || !SETTLED.has(changed.state)) return this.snapshot.justUploadedSince;
    const batch = entries.filter((entry) => entry.batchStartedAt === changed.batchStartedAt);
    const settled = batch.every((entry) => SETTLED.has(entry.state));
    if (!settled || !batch.some((entry) => entry.state === 'done')) return this.snapshot.justUploadedSince;
    const byServer = batch
      .map((entry) => entry.createdAt)
      .filter((time): time is string => time !== undefined)
      .sort()[0];
    const [time, margin] = byServer ? [byServer, 1000] : [changed.batchStartedAt, 60_000];
    return new Date(Date.parse(time) - margin).toISOString();
  }

  /**
   * Lists the uploads an earlier visit left unfinished; those the archive finished meanwhile show as done, and those
   * whose file was kept (shared with the app) go on by themselves. Resolves once the kept files are back.
   */
  restore(): Promise<void> {
    const known = new Set(this.snapshot.entries.map((entry) => entry.fingerprint));
    const pending = readPendingUploads(this.options.userId).filter((upload) => !known.has(upload.fingerprint));
    const rows = pending.map((upload) => this.pendingRow(upload));
    if (rows.length > 0) this.publish([...this.snapshot.entries, ...rows]);
    for (const row of rows) void this.askResult(row);
    return this.resumeKept();
  }

  /**
   * Takes back the kept files of an earlier visit: one whose upload was started resumes from the server's offset,
   * one that had not started yet is checked and sent like a new one, each with the fields it was queued with.
   */
  private async resumeKept(): Promise<void> {
    const kept = await this.options.keptFiles.read(this.options.userId).catch((): KeptFile[] => []);
    if (this.disposed || kept.length === 0) return;
    const entries = [...this.snapshot.entries];
    for (const { fingerprint, file, metadata, batchStartedAt } of kept) {
      const index = entries.findIndex((entry) => entry.fingerprint === fingerprint);
      const same = index >= 0 ? entries[index] : undefined;
      if (same?.state === 'needs-file') {
        entries[index] = { ...same, file, type: file.type, state: 'waiting', kept: true };
      } else if (same) {
        // Settled meanwhile (the archive had finished it), or chosen again: the kept copy is not needed.
        this.changeKept((store) => store.forget(fingerprint));
      } else {
        entries.push(newEntry(file, fingerprint, metadata, batchStartedAt, true));
      }
    }
    this.publish(entries);
    void this.check();
    this.pump();
  }

  /** Changes the kept files after the changes before it; a failure leaves the browser's copy as it was. */
  private changeKept(change: (kept: KeptFiles) => Promise<void>) {
    this.keptChanges = this.keptChanges.then(() => change(this.options.keptFiles)).catch(() => undefined);
  }

  /** A kept file is let go once its upload has settled or is cancelled. */
  private release(entry: UploadEntry | undefined) {
    if (entry?.kept) this.changeKept((kept) => kept.forget(entry.fingerprint));
  }

  private pendingRow(upload: PendingUpload): UploadEntry {
    return {
      key: nextKey(),
      name: upload.name,
      size: upload.size,
      lastModified: upload.lastModified,
      type: upload.metadata.filetype ?? '',
      fingerprint: upload.fingerprint,
      file: null,
      metadata: { ...upload.metadata, filename: upload.metadata.filename ?? upload.name },
      state: 'needs-file',
      bytesSent: 0,
      batchStartedAt: upload.creationTime,
      uploadUrl: upload.uploadUrl,
    };
  }

  /** A kept upload whose last answer was lost (a reload while the archive stored it) may be finished already. */
  private async askResult(row: UploadEntry) {
    if (!row.uploadUrl) return;
    let result: UploadResult | null = null;
    let refusal: string | null = null;
    try {
      result = await this.options.fetchResult(row.uploadUrl);
    } catch (error) {
      // The archive refused the finished file (its sentence), or could not be reached (it stays resumable).
      refusal = error instanceof ApiError && error.status < 500 ? errorMessage(error) : null;
    }
    if (this.entry(row.key)?.state !== 'needs-file' || (!result && !refusal)) return;
    forgetPendingUpload(row.fingerprint);
    if (result) this.settle(row.key, result);
    else this.update(row.key, { state: 'failed', error: refusal ?? undefined });
  }

  /**
   * Adds files with the batch's fields. A file an earlier visit left unfinished takes its place in that row and
   * resumes (with the fields it was started with); a file already in the queue is not added twice. The files in
   * `keep` (shared with the app, with no file on disk to choose again) are kept in the browser until they settle.
   */
  add(files: readonly File[], fields: BatchFields = {}, keep: readonly File[] = []): void {
    const batchStartedAt = this.options.now().toISOString();
    const entries = [...this.snapshot.entries];
    const fresh: UploadEntry[] = [];
    for (const file of files) {
      const fingerprint = fingerprintOf(this.options.userId, file);
      const index = entries.findIndex((entry) => entry.fingerprint === fingerprint);
      const same = index >= 0 ? entries[index] : undefined;
      if (same?.state === 'needs-file') {
        // Its bytes were checked before it was first sent.
        entries[index] = { ...same, file, type: file.type, state: 'waiting', batchStartedAt };
        continue;
      }
      if (same && same.state !== 'failed') continue;
      if (same) entries.splice(index, 1);
      const kept = keep.includes(file);
      fresh.push(newEntry(file, fingerprint, metadataOf(file, fields), batchStartedAt, kept));
    }
    this.publish([...entries, ...fresh]);
    for (const entry of fresh) {
      if (!entry.kept || !entry.file) continue;
      const { fingerprint, file, metadata } = entry;
      const kept: KeptFile = { fingerprint, userId: this.options.userId, file, metadata, batchStartedAt };
      // Without room in the browser it is simply not kept: it goes on now, and after a reload it is lost.
      this.changeKept((store) => store.keep(kept));
    }
    void this.check();
    this.pump();
  }

  /** Works out hashes one file at a time and asks the archive about them in batches, then lets them go. */
  private async check(): Promise<void> {
    if (this.checking) return;
    this.checking = true;
    try {
      for (;;) {
        const group = this.snapshot.entries
          .filter((entry) => entry.state === 'checking')
          .slice(0, this.options.existsBatch);
        if (group.length === 0 || this.disposed) return;
        const hashes = new Map<string, string>();
        for (const entry of group) {
          const sha256 = entry.file ? await this.options.hash(entry.file).catch(() => null) : null;
          if (sha256) hashes.set(entry.key, sha256);
          // A file with no hash goes at once; the archive still finds a duplicate when it arrives.
          else if (this.entry(entry.key)?.state === 'checking') this.update(entry.key, { state: 'waiting' });
          this.pump();
        }
        const existing =
          hashes.size > 0
            ? await this.options
                .findExisting([...new Set(hashes.values())])
                .catch(() => new Map<string, { mediaId: number; inTrash?: boolean } | number>())
            : new Map<string, { mediaId: number; inTrash?: boolean } | number>();
        for (const [key, sha256] of hashes) {
          if (this.entry(key)?.state !== 'checking') continue;
          const found = existing.get(sha256);
          if (found === undefined) {
            this.update(key, { state: 'waiting' });
            continue;
          }
          this.release(this.entry(key));
          if (typeof found === 'number') this.update(key, { state: 'exists', mediaId: found });
          else this.update(key, { state: 'exists', mediaId: found.mediaId, inTrash: found.inTrash === true });
        }
        this.pump();
      }
    } finally {
      this.checking = false;
    }
  }

  /** Starts waiting files while fewer than `concurrency` are being sent. */
  private pump(): void {
    if (this.disposed) return;
    const busy = this.snapshot.entries.filter((entry) => entry.state === 'uploading' || entry.state === 'finishing');
    let free = this.options.concurrency - busy.length;
    for (const entry of this.snapshot.entries) {
      if (free <= 0) return;
      if (entry.state !== 'waiting' || !entry.file) continue;
      free -= 1;
      void this.send(entry);
    }
  }

  private async send(entry: UploadEntry): Promise<void> {
    const file = entry.file;
    if (!file) return;
    this.update(entry.key, { state: 'uploading', error: undefined, networkError: undefined });
    const callbacks: TusCallbacks = {
      onProgress: (sent, total) => {
        const now = this.entry(entry.key)?.state;
        if (now !== 'uploading' && now !== 'finishing') return;
        this.update(entry.key, { bytesSent: sent, state: sent >= total ? 'finishing' : 'uploading' });
      },
      onCreated: (serverTime) => {
        if (serverTime) this.update(entry.key, { createdAt: serverTime });
      },
      onSuccess: (result) => {
        this.running.delete(entry.key);
        this.settle(entry.key, result);
        this.pump();
      },
      onError: (message, network) => {
        this.running.delete(entry.key);
        // A refusal will not change: only a file that may still go on is kept.
        if (!network) this.release(this.entry(entry.key));
        this.update(entry.key, { state: 'failed', error: message, networkError: network });
        this.pump();
      },
    };
    this.starting.add(entry.key);
    try {
      const running = await startTusUpload(
        file,
        entry.metadata,
        {
          endpoint: this.options.endpoint,
          chunkSize: this.options.chunkSize,
          retryDelays: this.options.retryDelays,
          fingerprint: entry.fingerprint,
          fetchResult: this.options.fetchResult,
        },
        callbacks,
      );
      const now = this.entry(entry.key);
      // Paused, cancelled or settled while it was starting.
      if (!now || now.state === 'paused') running.pause();
      else if (now.state === 'uploading' || now.state === 'finishing') this.running.set(entry.key, running);
    } catch {
      this.update(entry.key, { state: 'failed', error: 'The upload could not start. Please Retry.' });
    } finally {
      this.starting.delete(entry.key);
    }
  }

  private settle(key: string, result: UploadResult) {
    this.release(this.entry(key));
    if ('mediaId' in result) this.update(key, { state: 'done', mediaId: result.mediaId });
    else this.update(key, { state: 'exists', mediaId: result.existingMediaId });
  }

  pause(key: string): void {
    const entry = this.entry(key);
    if (!entry || !['checking', 'waiting', 'uploading', 'finishing'].includes(entry.state)) return;
    this.running.get(key)?.pause();
    this.running.delete(key);
    this.update(key, { state: 'paused' });
    this.pump();
  }

  resume(key: string): void {
    const entry = this.entry(key);
    if (entry?.state !== 'paused') return;
    this.update(key, { state: 'waiting' });
    this.pump();
  }

  retry(key: string): void {
    const entry = this.entry(key);
    if (entry?.state !== 'failed' || !entry.file) return;
    this.update(key, { state: 'waiting', error: undefined, networkError: undefined });
    this.pump();
  }

  /** Tries again every file that failed for want of a connection (the browser is back online). */
  retryDropped(): void {
    for (const entry of this.snapshot.entries) if (entry.networkError) this.retry(entry.key);
  }

  /** Stops a file and takes it off the list; the archive throws away what it had received. */
  cancel(key: string): void {
    const entry = this.entry(key);
    if (!entry) return;
    const running = this.running.get(key);
    this.running.delete(key);
    this.publish(this.snapshot.entries.filter((other) => other.key !== key));
    this.release(entry);
    if (running) void running.cancel().finally(() => forgetPendingUpload(entry.fingerprint));
    else {
      forgetPendingUpload(entry.fingerprint);
      if (entry.uploadUrl) void terminateTusUpload(entry.uploadUrl);
    }
    this.pump();
  }

  /** Takes the finished rows (done, already there, failed) off the list. */
  clearFinished(): void {
    const finished: ReadonlySet<UploadState> = new Set(['done', 'exists', 'failed']);
    for (const entry of this.snapshot.entries) if (entry.state === 'failed') this.release(entry);
    this.publish(this.snapshot.entries.filter((entry) => !finished.has(entry.state)));
  }

  dismissJustUploaded(): void {
    this.publish(this.snapshot.entries, null);
  }

  /** Stops sending (signing out, or leaving): what the server holds stays resumable unless forgotten. */
  dispose(): void {
    this.disposed = true;
    for (const running of this.running.values()) running.pause();
    this.running.clear();
    this.listeners.clear();
  }
}

/** The rows a person may still act on, and the overall progress of those being sent. */
export function queueProgress(entries: readonly UploadEntry[]) {
  const counted = entries.filter((entry) => entry.state !== 'exists' && entry.state !== 'needs-file');
  const total = counted.reduce((sum, entry) => sum + entry.size, 0);
  const sent = counted.reduce(
    (sum, entry) => sum + (entry.state === 'done' ? entry.size : Math.min(entry.bytesSent, entry.size)),
    0,
  );
  return {
    /** Files are being sent or have been: the overall bar means something. */
    sending: counted.length > 0,
    active: entries.filter(isActive).length,
    done: entries.filter((entry) => entry.state === 'done' || entry.state === 'exists').length,
    failed: entries.filter((entry) => entry.state === 'failed').length,
    needsFile: entries.filter((entry) => entry.state === 'needs-file').length,
    paused: entries.filter((entry) => entry.state === 'paused').length,
    percent: total === 0 ? 100 : Math.round((sent / total) * 100),
  };
}

export type { FileIdentity, UploadResult };
