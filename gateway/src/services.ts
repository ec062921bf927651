import type { ServiceName } from '@family/shared';
import type { GatewayConfig } from './config';

export interface ServiceTarget {
  name: ServiceName;
  url: string;
}

export function serviceTargets(config: GatewayConfig): Record<ServiceName, ServiceTarget> {
  return {
    auth: { name: 'auth', url: config.AUTH_URL },
    profile: { name: 'profile', url: config.PROFILE_URL },
    media: { name: 'media', url: config.MEDIA_URL },
    albums: { name: 'albums', url: config.ALBUMS_URL },
    family: { name: 'family', url: config.FAMILY_URL },
  };
}

/**
 * Which service answers which API path. Longest prefix first; a prefix matches whole path segments.
 * The routes the gateway answers itself (login, register, logout, DELETE /api/user, reset, and the password
 * change it forwards to auth, DELETE /api/user/sessions) come before these.
 */
export const PROXY_TABLE: ReadonlyArray<readonly [prefix: string, service: ServiceName]> = [
  ['/api/user/password', 'auth'],
  // Whether the signed-in person is an admin: auth owns roles (docs/rights.md "Admins").
  ['/api/user/role', 'auth'],
  ['/api/user', 'profile'],
  ['/api/users', 'profile'],
  ['/api/people', 'profile'],
  ['/api/memories', 'profile'],
  ['/api/media', 'media'],
  // Faces are on media items (docs/architecture.md "Faces").
  ['/api/faces', 'media'],
  ['/api/exports', 'media'],
  ['/api/trash', 'media'],
  ['/api/imports', 'media'],
  ['/api/uploads', 'media'],
  // Most notifications are about items and albums, whose visibility media judges (docs/architecture.md).
  ['/api/notifications', 'media'],
  ['/api/albums', 'albums'],
  // A relative's account is auth's to make, though the family tree asks for it.
  ['/api/family/create-member', 'auth'],
  ['/api/family', 'family'],
  // The operator's page: each part answered by the service that owns its data (docs/api.md "Operator").
  ['/api/admin/queues/family', 'family'],
  ['/api/admin/queues/media', 'media'],
  ['/api/admin/storage', 'media'],
  ['/api/admin/integrity', 'media'],
  ['/api/admin/backups', 'media'],
  ['/api/admin', 'auth'],
];

/** An item put into or taken out of an album: media keeps which album an item is in (docs/api.md). */
const ALBUM_ITEM_PATH = /^\/api\/albums\/[^/]+\/media(\/|$)/;

/**
 * Deleting a person and merging one into another: family answers them, since it checks the ties and is the service
 * that may call both media (tags) and profile (the person) without either calling back (docs/architecture.md
 * "Who calls whom").
 */
const PERSON_DELETE_PATH = /^\/api\/people\/[^/]+\/?$/;
const PERSON_MERGE_PATH = /^\/api\/people\/[^/]+\/merge\/?$/;

export function serviceFor(method: string | undefined, path: string): ServiceName | null {
  if (ALBUM_ITEM_PATH.test(path)) return 'media';
  if (method === 'DELETE' && PERSON_DELETE_PATH.test(path)) return 'family';
  if (PERSON_MERGE_PATH.test(path)) return 'family';
  for (const [prefix, service] of PROXY_TABLE) {
    if (path === prefix || path.startsWith(`${prefix}/`)) return service;
  }
  return null;
}
