import { createParamDecorator, ExecutionContext, SetMetadata, UnauthorizedException } from '@nestjs/common';
import type { Request } from 'express';
import type { Identity } from '../identity-token';
import { REQUEST_ID_HEADER } from '../identity-token';

export const ACCESS_KEY = 'archive:access';
export type Access = 'public' | 'internal' | 'user';

/** Anyone may call it (health checks). */
export const Public = () => SetMetadata(ACCESS_KEY, 'public' satisfies Access);
/** Only another service of the archive, with a service token, may call it. */
export const Internal = () => SetMetadata(ACCESS_KEY, 'internal' satisfies Access);

export interface ArchiveRequest extends Request {
  user?: Identity;
  serviceCaller?: string;
}

/** The signed-in person, as named by the gateway's identity token. */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): Identity => {
  const request = context.switchToHttp().getRequest<ArchiveRequest>();
  if (!request.user) throw new UnauthorizedException('Please sign in to continue.');
  return request.user;
});

/** The request id the gateway gave this request, passed on to internal calls so logs line up. */
export const RequestId = createParamDecorator((_data: unknown, context: ExecutionContext): string | undefined => {
  const header = context.switchToHttp().getRequest<Request>().headers[REQUEST_ID_HEADER];
  return typeof header === 'string' ? header : undefined;
});
