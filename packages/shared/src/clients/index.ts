// docs/architecture.md "Who calls whom": every internal call goes through one of these clients.
export { AlbumsClient } from './albums.client';
export { AuthClient } from './auth.client';
export { FamilyClient } from './family.client';
export { MediaClient } from './media.client';
export { ProfileClient } from './profile.client';
export { ServiceClient, type MigrationState, type ServiceHealth } from './service-client';

import type { InternalClient } from '../internal-client';
import type { ServiceName } from '../service-names';
import { AlbumsClient } from './albums.client';
import { AuthClient } from './auth.client';
import { FamilyClient } from './family.client';
import { MediaClient } from './media.client';
import { ProfileClient } from './profile.client';

/** One client of each service (the gateway asks them all for their health). */
export function allServiceClients(http: InternalClient, urls: Record<ServiceName, string>) {
  return {
    auth: new AuthClient(http, urls.auth),
    profile: new ProfileClient(http, urls.profile),
    media: new MediaClient(http, urls.media),
    albums: new AlbumsClient(http, urls.albums),
    family: new FamilyClient(http, urls.family),
  };
}
