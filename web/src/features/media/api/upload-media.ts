import type { MediaItem } from '@family/contract';
import { postFormWithProgress, type UploadHandle, type UploadProgress } from '../../../lib/upload-with-progress';

export { UploadCancelledError, type UploadProgress } from '../../../lib/upload-with-progress';

export type MediaUploadHandle = UploadHandle<MediaItem>;

/** POST /api/media as multipart, with the bytes sent reported as they go. */
export function uploadMedia(form: FormData, onProgress: (progress: UploadProgress) => void): MediaUploadHandle {
  return postFormWithProgress<MediaItem>('/api/media', form, onProgress, 'Failed to upload media. Please try again.');
}
