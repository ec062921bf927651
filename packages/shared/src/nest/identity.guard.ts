import { CanActivate, ExecutionContext, Injectable, UnauthorizedException, ForbiddenException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { IDENTITY_HEADER, SERVICE_HEADER, verifyIdentityToken, verifyServiceToken } from '../identity-token';
import { ACCESS_KEY, type Access, handledRequest } from './decorators';
import { CORE_OPTIONS, type CoreOptions } from './core-options';
import { Inject } from '@nestjs/common';

/**
 * Every route is closed unless marked: people come only through the gateway's signed identity token,
 * services only with a signed service token. A service reached directly trusts nobody.
 */
@Injectable()
export class IdentityGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(CORE_OPTIONS) private readonly options: CoreOptions,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const access =
      this.reflector.getAllAndOverride<Access | undefined>(ACCESS_KEY, [context.getHandler(), context.getClass()]) ??
      'user';
    if (access === 'public') return true;

    const request = context.switchToHttp().getRequest<Request>();
    if (access === 'internal') {
      const caller = verifyServiceToken(header(request, SERVICE_HEADER), this.options.internalSecret);
      if (!caller) throw new ForbiddenException("This route is only for the archive's own services.");
      handledRequest().caller = caller;
      return true;
    }

    const user = verifyIdentityToken(header(request, IDENTITY_HEADER), this.options.internalSecret);
    if (!user) throw new UnauthorizedException('Please sign in to continue.');
    if (access === 'admin' && !user.admin) {
      throw new ForbiddenException('Only an admin of the archive can do this; ask one to name you admin.');
    }
    handledRequest().user = user;
    return true;
  }
}

function header(request: Request, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}
