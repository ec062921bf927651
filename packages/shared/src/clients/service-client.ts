import type { InternalCallOptions, InternalClient } from '../internal-client';
import type { ServiceName } from '../service-names';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a service answers at GET /internal/migrations. */
export interface MigrationState {
  known: number;
  applied: number;
  last: string | null;
  pending: string[];
}

/** What a service answers at GET /internal/health. */
export interface ServiceHealth {
  database: 'ok' | 'unavailable';
  storage?: 'ok' | 'unavailable';
}

/**
 * One service's `/internal` routes, as typed methods (docs/architecture.md "Who calls whom"). Every internal call
 * of the archive goes through one of the five clients in this folder, so a route's path and its types live in
 * one place, and the calls carry the service token, the request id and the liveness check of InternalClient.
 */
export abstract class ServiceClient {
  protected abstract readonly service: ServiceName;

  constructor(
    protected readonly http: InternalClient,
    protected readonly url: string,
  ) {}

  protected call<T = void>(method: Method, path: string, options?: InternalCallOptions): Promise<T> {
    return this.http.call<T>({ name: this.service, url: this.url }, method, path, options);
  }

  /** Every service's own view of its stores (GET /internal/health), for the archive's health page. */
  health(timeoutMs: number): Promise<ServiceHealth> {
    return this.call('GET', '/internal/health', { timeoutMs });
  }

  /** The service's migrations as its database has them (GET /internal/migrations), for the operator's page. */
  migrations(): Promise<MigrationState> {
    return this.call('GET', '/internal/migrations');
  }

  /** A file's bytes, or null when there is none (404). */
  protected bytes(path: string, options?: InternalCallOptions): Promise<Buffer | null> {
    return this.http.bytes({ name: this.service, url: this.url }, path, options);
  }
}
