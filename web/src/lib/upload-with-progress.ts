import { ApiError } from './api';

export type UploadProgress = { loaded: number; total: number };

export type UploadHandle<T> = {
  promise: Promise<T>;
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
 * POSTs a multipart form with XMLHttpRequest: fetch cannot report how much of a body has been sent, and a
 * grandparent on a slow line wants to see the bar move. Errors carry the server's answer like lib/api.ts; a network
 * failure rejects with a TypeError saying `networkMessage`, as fetch's would, so errorMessage() words it alike.
 */
export function postFormWithProgress<T>(
  path: string,
  form: FormData,
  onProgress: (progress: UploadProgress) => void,
  networkMessage: string,
): UploadHandle<T> {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<T>((resolve, reject) => {
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      const text = typeof xhr.responseText === 'string' ? xhr.responseText : '';
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(text) as T);
        } catch {
          reject(new ApiError('The archive answered in a way the app does not understand.', xhr.status, text));
        }
        return;
      }
      reject(new ApiError(text || `${xhr.status}: ${xhr.statusText}`, xhr.status, text));
    };
    xhr.onerror = () => reject(new TypeError(networkMessage));
    xhr.onabort = () => reject(new UploadCancelledError());
    xhr.send(form);
  });
  return { promise, cancel: () => xhr.abort() };
}
