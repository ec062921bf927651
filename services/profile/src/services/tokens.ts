/** The object storage profile pictures live in (made by the shared ObjectStorageModule). */
export const PICTURE_STORAGE = Symbol('PICTURE_STORAGE');
