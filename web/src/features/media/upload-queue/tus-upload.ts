import type { DetailedError, HttpResponse, PreviousUpload, Upload } from 'tus-js-client';
import { UPLOAD_EXISTING_MEDIA_ID_HEADER, UPLOAD_MEDIA_ID_HEADER, type UploadMetadata } from '@family/contract';
import { ApiError, errorMessage } from '../../../lib/api';

/** What a finished upload became: a new item, or the item the archive already had with these bytes. */
export type UploadResult = { mediaId: number } | { existingMediaId: number };

export type TusOptions = {
  endpoint: string;
  chunkSize: number;
  retryDelays: number[];
  /** Names the file across reloads (tus-js-client keeps its upload address under it in localStorage). */
  fingerprint: string;
  /** GET {upload}/result, for an upload found finished when it resumes (its last answer was lost). */
  fetchResult: (uploadUrl: string) => Promise<UploadResult | null>;
};

export type TusCallbacks = {
  onProgress: (bytesSent: number, bytesTotal: number) => void;
  onSuccess: (result: UploadResult) => void;
  /** The archive's clock when it made the upload (its answer's Date), for "Just uploaded". */
  onCreated: (serverTime: string | null) => void;
  /** `network` when the archive could not be reached (worth trying again by itself once back online). */
  onError: (message: string, network: boolean) => void;
};

export type RunningUpload = {
  /** Stops sending; the server keeps what it has, and start() again resumes from there. */
  pause: () => void;
  /** Stops sending and asks the server to throw the partial upload away. */
  cancel: () => Promise<void>;
};

const NETWORK_TROUBLE = 'Could not reach the archive. Check your connection, then Retry.';
const NO_RESULT = 'The archive took the file but did not say what became of it. Look in the gallery, or Retry.';

/** The server's `{message}` of a refusal, when the body carries one. */
function refusalOf(response: HttpResponse | null | undefined): string | null {
  if (!response) return null;
  const body = response.getBody();
  if (!body) return null;
  const sentence = errorMessage(new ApiError('', response.getStatus(), body), '');
  return sentence || null;
}

/** The id of the item a 409 names (the multipart route's way of saying "already uploaded"), if any. */
function conflictId(response: HttpResponse | null | undefined): number | null {
  if (!response || response.getStatus() !== 409) return null;
  try {
    const parsed = JSON.parse(response.getBody()) as { id?: unknown };
    return typeof parsed.id === 'number' ? parsed.id : null;
  } catch {
    return null;
  }
}

/**
 * Whether tus-js-client should try again by itself: a dropped connection, a busy or briefly unavailable archive,
 * a lock, or tus's own offset conflict (a 409 without a sentence). A refusal with a sentence (a wrong kind of file,
 * a file too large, no right to the album) or a full disk (507) will not change by trying again.
 */
export function shouldRetry(error: DetailedError): boolean {
  const response = error.originalResponse;
  if (!response) return true;
  const status = response.getStatus();
  if (status === 409) return refusalOf(response) === null && conflictId(response) === null;
  return status === 423 || status === 429 || status === 502 || status === 503 || status === 504 || status === 500;
}

function resultOf(response: HttpResponse): UploadResult | null {
  const created = Number(response.getHeader(UPLOAD_MEDIA_ID_HEADER));
  if (Number.isInteger(created) && created > 0) return { mediaId: created };
  const existing = Number(response.getHeader(UPLOAD_EXISTING_MEDIA_ID_HEADER));
  if (Number.isInteger(existing) && existing > 0) return { existingMediaId: existing };
  return null;
}

/** Picks up where an earlier upload of this file stopped (the newest one kept under its fingerprint). */
function newest(previous: PreviousUpload[]): PreviousUpload | undefined {
  return [...previous].sort((a, b) => Date.parse(b.creationTime) - Date.parse(a.creationTime))[0];
}

/**
 * Sends one file over tus 1.0 (docs/product.md "Uploading many files"): chunks of `chunkSize`, retried after a
 * dropped connection, resumed from the server's offset when an earlier try of the same file left its address.
 */
export async function startTusUpload(
  file: File,
  metadata: UploadMetadata,
  options: TusOptions,
  callbacks: TusCallbacks,
): Promise<RunningUpload> {
  const tus = await import('tus-js-client');
  let stopped = false;
  let upload: Upload | null = null;

  const finish = (result: UploadResult | null) => {
    if (result) callbacks.onSuccess(result);
    else callbacks.onError(NO_RESULT, false);
  };

  upload = new tus.Upload(file, {
    endpoint: options.endpoint,
    chunkSize: options.chunkSize,
    retryDelays: options.retryDelays,
    metadata: Object.fromEntries(
      Object.entries(metadata).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    ),
    fingerprint: async () => options.fingerprint,
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    onShouldRetry: (error) => !stopped && shouldRetry(error),
    onProgress: (sent, total) => callbacks.onProgress(sent, total),
    onAfterResponse: (request, response) => {
      if (request.getMethod() !== 'POST' || response.getStatus() !== 201) return;
      const date = Date.parse(response.getHeader('Date') ?? '');
      callbacks.onCreated(Number.isNaN(date) ? null : new Date(date).toISOString());
    },
    onSuccess: ({ lastResponse }) => {
      const result = resultOf(lastResponse);
      if (result) return finish(result);
      // Found finished when resuming (a HEAD answered the whole length): ask what it became.
      const url = upload?.url;
      if (!url) return finish(null);
      options.fetchResult(url).then(finish, (error: unknown) => {
        if (error instanceof ApiError && error.status < 500) callbacks.onError(errorMessage(error), false);
        else finish(null);
      });
    },
    onError: (error) => {
      if (stopped) return;
      const response = 'originalResponse' in error ? error.originalResponse : null;
      const existing = conflictId(response);
      if (existing !== null) return callbacks.onSuccess({ existingMediaId: existing });
      if (!response) return callbacks.onError(NETWORK_TROUBLE, true);
      callbacks.onError(refusalOf(response) ?? `The archive refused the file (${response.getStatus()}).`, false);
    },
  });

  const previous = newest(await upload.findPreviousUploads());
  if (previous) upload.resumeFromPreviousUpload(previous);
  upload.start();

  return {
    pause: () => {
      stopped = true;
      void upload?.abort(false);
    },
    cancel: async () => {
      stopped = true;
      try {
        await upload?.abort(true);
      } catch {
        // Nothing was kept yet, or the archive is unreachable: its unfinished uploads expire by themselves.
      }
    },
  };
}

/** Throws away an upload kept from an earlier visit whose file was not chosen again. */
export async function terminateTusUpload(uploadUrl: string): Promise<void> {
  const tus = await import('tus-js-client');
  try {
    await tus.Upload.terminate(uploadUrl, { retryDelays: [] });
  } catch {
    // Already gone, or unreachable: unfinished uploads expire on the server by themselves.
  }
}
