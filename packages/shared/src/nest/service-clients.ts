import type { FactoryProvider } from '@nestjs/common';
import type { ServiceClient } from '../clients/service-client';
import { InternalClient } from '../internal-client';

/**
 * A provider of one typed client (`@family/shared/clients`) for the service at `url`: `serviceClient(MediaClient,
 * config.MEDIA_URL)` in a module's providers. The clients a module provides are the services it calls; the test
 * of docs/architecture.md "Who calls whom" reads them from here.
 */
export function serviceClient<T extends ServiceClient>(
  client: new (http: InternalClient, url: string) => T,
  url: string,
): FactoryProvider<T> {
  return { provide: client, inject: [InternalClient], useFactory: (http: InternalClient) => new client(http, url) };
}
