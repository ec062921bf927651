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
    motionUrl: null,
    fullSizeUrl: `/api/media/${id}/file`,
    motionOriginalUrl: null,
    processing: 'ready',
    processingError: null,
    width: 1200,
    height: 800,
    durationSeconds: null,
    originalName: 'IMG_0001.JPG',
    sizeBytes: 123456,
    mediaDate: '2019-07-04',
    mediaDateText: null,
    place: null,
    albumId: null,
    website_url: null,
    content: null,
    user: rose,
    tags: [],
    createdAt: '2024-01-01T10:00:00.000Z',
    ...overrides,
  };
}

export { FakeXhr, installFakeXhr, restoreXhr } from '../../../testing/fake-xhr';
