/** The object storage media files and thumbnails live in (made by the shared ObjectStorageModule). */
export const MEDIA_STORAGE = Symbol('MEDIA_STORAGE');
