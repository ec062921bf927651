/** The checked configuration, for the providers that need an address from it. */
export const ALBUMS_CONFIG = Symbol('ALBUMS_CONFIG');
