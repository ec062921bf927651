import { createParamDecorator, SetMetadata, UnauthorizedException } from '@nestjs/common';
import type { Identity } from '../identity-token';
import { currentRequest, type RequestContext } from '../request-context';

export const ACCESS_KEY = 'archive:access';
export type Access = 'public' | 'internal' | 'user' | 'admin';

/** Anyone may call it (health checks). */
export const Public = () => SetMetadata(ACCESS_KEY, 'public' satisfies Access);
/** Only another service of the archive, with a service token, may call it. */
export const Internal = () => SetMetadata(ACCESS_KEY, 'internal' satisfies Access);

/**
 * Only a signed-in admin (docs/rights.md "Admins"): the gateway marks the identity token of an admin's request to
 * /api/admin after asking auth; everyone else gets 403 with a sentence.
 */
export const AdminOnly = () => SetMetadata(ACCESS_KEY, 'admin' satisfies Access);

/** The context of the request being handled; the core module's middleware opened it for every route. */
export function handledRequest(): RequestContext {
  const context = currentRequest();
  if (!context) throw new Error('No request context: is ArchiveCoreModule imported by this app?');
  return context;
}

/** The signed-in person, as named by the gateway's identity token. */
export const CurrentUser = createParamDecorator((): Identity => {
  const user = handledRequest().user;
  if (!user) throw new UnauthorizedException('Please sign in to continue.');
  return user;
});
