import type { MediaItem } from '@family/contract';
import { ApiError } from '../../../lib/api';

export type UploadProgress = { loaded: number; total: number };

export type UploadHandle = {
  promise: Promise<MediaItem>;
  /** Stops the upload; the promise then rejects with an UploadCancelledError. */
  cancel: () => void;
};

export class UploadCancelledError extends Error {
  constructor() {
    super('The upload was cancelled.');
    this.name = 'UploadCancelledError';
  }
}

/**
 * POST /api/media as multipart with XMLHttpRequest: fetch cannot report how much of a body has been sent,
 * and a grandparent on a slow line wants to see the bar move. Errors carry the server's answer like lib/api.ts.
 */
export function uploadMedia(form: FormData, onProgress: (progress: UploadProgress) => void): UploadHandle {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<MediaItem>((resolve, reject) => {
    xhr.open('POST', '/api/media');
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      const text = typeof xhr.responseText === 'string' ? xhr.responseText : '';
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(text) as MediaItem);
        } catch {
          reject(new ApiError('The archive answered in a way the app does not understand.', xhr.status, text));
        }
        return;
      }
      reject(new ApiError(text || `${xhr.status}: ${xhr.statusText}`, xhr.status, text));
    };
    // fetch rejects with a TypeError when the network fails; do the same so errorMessage() words it alike.
    xhr.onerror = () => reject(new TypeError('Failed to upload media. Please try again.'));
    xhr.onabort = () => reject(new UploadCancelledError());
    xhr.send(form);
  });
  return { promise, cancel: () => xhr.abort() };
}
