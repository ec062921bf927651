// docs/architecture.md "Who calls whom": every internal call goes through one of these clients.
export { AlbumsClient } from './albums.client';
export { AuthClient } from './auth.client';
export { FamilyClient } from './family.client';
export { MediaClient } from './media.client';
export { ProfileClient } from './profile.client';
export { ServiceClient } from './service-client';
