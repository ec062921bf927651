import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  Logger,
  type NestInterceptor,
  Optional,
  SetMetadata,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { catchError, concatMap, from, type Observable } from 'rxjs';
import type { ChangeKind } from '../change-cache';
import { ChangeAnnouncements } from './change-generations';

const ANNOUNCES_KEY = 'archive:announces';

/**
 * The route changes data other services keep a short cache of (docs/architecture.md "Caches"): when it has
 * answered (or failed, which may have changed part of it), the kind's number is raised in the shared table,
 * before the person gets the answer. On a controller it covers every route but GET and HEAD.
 */
export const AnnouncesChanges = (kind: ChangeKind) => SetMetadata(ANNOUNCES_KEY, kind);

@Injectable()
export class ChangeAnnouncementInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Caches');

  constructor(
    private readonly reflector: Reflector,
    @Optional() private readonly announcements?: ChangeAnnouncements,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const kind = this.reflector.getAllAndOverride<ChangeKind | undefined>(ANNOUNCES_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    const method = context.switchToHttp().getRequest<{ method?: string }>().method;
    if (!kind || method === 'GET' || method === 'HEAD') return next.handle();
    const announce = () => this.announce(kind);
    return next.handle().pipe(
      concatMap((value: unknown) => from(announce().then(() => value))),
      catchError((error: unknown) => from(announce().then(() => Promise.reject(error as Error)))),
    );
  }

  private async announce(kind: ChangeKind): Promise<void> {
    if (!this.announcements) throw new Error(`@AnnouncesChanges('${kind}') in a service that does not announce it`);
    try {
      await this.announcements.raise(kind);
    } catch (error) {
      // The change stands; the copies expire within their time limit (seconds).
      this.logger.warn(`Could not announce that ${kind} changed: ${String(error)}`);
    }
  }
}
