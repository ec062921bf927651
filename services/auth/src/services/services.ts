import type { AuthConfig } from '../config';

export const AUTH_CONFIG = Symbol('AUTH_CONFIG');

/** The other services, in the order a deleted account is purged: profile last, as the others read names from it. */
export function purgeOrder(config: AuthConfig) {
  return [
    { name: 'media', url: config.MEDIA_URL },
    { name: 'albums', url: config.ALBUMS_URL },
    { name: 'family', url: config.FAMILY_URL },
    { name: 'profile', url: config.PROFILE_URL },
  ];
}
