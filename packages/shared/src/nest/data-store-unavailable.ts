import {
  CallHandler,
  ExecutionContext,
  Injectable,
  Logger,
  NestInterceptor,
  ServiceUnavailableException,
} from '@nestjs/common';
import { catchError, type Observable, throwError } from 'rxjs';

export const DATA_STORE_UNAVAILABLE = "The archive's storage is unavailable right now. Try again shortly.";

// Socket failures on the way to a data store (Postgres, or the object store: both are storage to the person).
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);
// Postgres SQLSTATE: 08 connection exception, 53 insufficient resources (too many connections, disk full),
// 57P0x the server shutting down or starting, 57014 a statement cancelled by statement_timeout.
const SQLSTATE = /^(08|53|57P0)|^57014$/;
// What pg and pg-pool say when they give up themselves (they set no code).
const DRIVER_MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|Query read timeout|connection error|not queryable/i;

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  driverError?: unknown;
  errors?: unknown;
  cause?: unknown;
}

/** Whether an error means a data store could not be reached or answer in time, rather than a bug or bad input. */
export function isDataStoreUnavailable(error: unknown): boolean {
  // TypeORM keeps pg's error as driverError; a connect to several addresses fails with an AggregateError.
  const pending: unknown[] = [error];
  for (let looked = 0; pending.length > 0 && looked < 8; looked++) {
    const current = pending.shift() as ErrorLike | null | undefined;
    if (!current || typeof current !== 'object') continue;
    const code = typeof current.code === 'string' ? current.code : '';
    if (NETWORK_CODES.has(code) || SQLSTATE.test(code)) return true;
    if (typeof current.message === 'string' && DRIVER_MESSAGES.test(current.message)) return true;
    pending.push(current.driverError, current.cause, ...(Array.isArray(current.errors) ? current.errors : []));
  }
  return false;
}

/** Every service's one place where a data store that is down or too slow becomes a 503 with a sentence. */
@Injectable()
export class DataStoreUnavailableInterceptor implements NestInterceptor {
  private readonly logger = new Logger('DataStore');

  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) => {
        if (!isDataStoreUnavailable(error)) return throwError(() => error);
        this.logger.warn(`unavailable: ${error instanceof Error ? error.message : String(error)}`);
        return throwError(() => new ServiceUnavailableException(DATA_STORE_UNAVAILABLE));
      }),
    );
  }
}
