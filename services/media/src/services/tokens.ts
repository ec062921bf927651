/** The service's checked configuration. */
export const MEDIA_CONFIG = Symbol('MEDIA_CONFIG');
