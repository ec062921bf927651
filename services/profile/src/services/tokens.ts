/** The object storage profile pictures live in (made by the shared ObjectStorageModule). */
export const PICTURE_STORAGE = Symbol('PICTURE_STORAGE');

/** The profile service's configuration (the addresses of the services it asks). */
export const PROFILE_CONFIG = Symbol('PROFILE_CONFIG');
