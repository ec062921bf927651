import type { InternalCallOptions, InternalClient } from '../internal-client';
import type { ServiceName } from '../service-names';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

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
}
