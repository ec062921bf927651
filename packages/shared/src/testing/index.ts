import { IDENTITY_HEADER, SERVICE_HEADER, signIdentityToken, signServiceToken, type Identity } from '../identity-token';

/** The secret tests sign tokens with; services under test are configured with it. */
export const TEST_INTERNAL_SECRET = 'test-internal-secret-of-enough-length';

/** Headers the gateway would add for a signed-in person. */
export function asUser(user: Identity, secret = TEST_INTERNAL_SECRET): Record<string, string> {
  return { [IDENTITY_HEADER]: signIdentityToken(user, secret) };
}

/** Headers another service would add on an internal call. */
export function asService(name: string, secret = TEST_INTERNAL_SECRET): Record<string, string> {
  return { [SERVICE_HEADER]: signServiceToken(name, secret) };
}

/** The fresh database the jest global setup made for this run. */
export function testDatabaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set: run the tests through jest so the global setup makes a database.');
  return url;
}
