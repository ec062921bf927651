import type { MediaItem } from '@family/contract';

export const rose = { id: 1, username: 'rose', displayName: 'Grandma Rose' };
export const tom = { id: 2, username: 'tom', displayName: 'Uncle Tom' };
export const ann = { id: 3, username: 'ann', displayName: '' };

export function mediaItem(overrides: Partial<MediaItem> = {}): MediaItem {
  const id = overrides.id ?? 10;
  return {
    id,
    type: 'photo',
    title: 'Beach day',
    description: 'At the sea',
    url: `/api/media/${id}/file`,
    thumbnailUrl: `/api/media/${id}/thumbnail`,
    previewUrl: `/api/media/${id}/preview`,
    playbackUrl: null,
    processing: 'ready',
    processingError: null,
    width: 1200,
    height: 800,
    durationSeconds: null,
    originalName: 'IMG_0001.JPG',
    sizeBytes: 123456,
    mediaDate: '2019-07-04',
    albumId: null,
    website_url: null,
    content: null,
    user: rose,
    tags: [],
    createdAt: '2024-01-01T10:00:00.000Z',
    ...overrides,
  };
}

/**
 * A stand-in for XMLHttpRequest (jsdom's would try the network): the test drives progress, the answer and
 * aborts by hand. Installed per test with `installFakeXhr()`.
 */
export class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  withCredentials = false;
  status = 0;
  statusText = '';
  responseText = '';
  body: FormData | null = null;
  aborted = false;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.last = this;
  }

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader() {}

  send(body: FormData) {
    this.body = body;
  }

  abort() {
    this.aborted = true;
    this.onabort?.();
  }

  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }

  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }

  fail() {
    this.onerror?.();
  }
}

const originalXhr = globalThis.XMLHttpRequest;

export function installFakeXhr() {
  FakeXhr.last = null;
  globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
}

export function restoreXhr() {
  globalThis.XMLHttpRequest = originalXhr;
}
