import {
  type CallHandler,
  type ExecutionContext,
  Inject,
  Injectable,
  Logger,
  type NestInterceptor,
  SetMetadata,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { catchError, concatMap, from, type Observable } from 'rxjs';
import { ChangeAnnouncer, type ChangeKind } from '../change-cache';
import { InternalClient } from '../internal-client';
import { CORE_OPTIONS, type CoreOptions } from './core-options';

const ANNOUNCES_KEY = 'archive:announces';

/**
 * The route changes data other services keep a short cache of (docs/architecture.md "Caches"): when it has
 * answered (or failed, which may have changed part of it), the services named in CoreOptions.announces are told,
 * before the person gets the answer. On a controller it covers every route but GET and HEAD.
 */
export const AnnouncesChanges = (kind: ChangeKind) => SetMetadata(ANNOUNCES_KEY, kind);

@Injectable()
export class ChangeAnnouncementInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Caches');
  private readonly announcer: ChangeAnnouncer;

  constructor(
    private readonly reflector: Reflector,
    client: InternalClient,
    @Inject(CORE_OPTIONS) private readonly options: CoreOptions,
  ) {
    this.announcer = new ChangeAnnouncer(client);
  }

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
    const services = this.options.announces?.[kind] ?? [];
    const missed = await this.announcer.changed(kind, services);
    // The change stands; their copies expire within their time limit (seconds).
    if (missed.length > 0) this.logger.warn(`Could not tell ${missed.join(', ')} that ${kind} changed`);
  }
}
