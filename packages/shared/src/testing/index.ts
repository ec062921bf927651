import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { DynamicModule, INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
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
  if (!url)
    throw new Error('DATABASE_URL is not set: run the tests through jest so the global setup makes a database.');
  return url;
}

/** A service module started for real on a free port, as its main.ts would, for integration tests. */
export async function startTestApp(module: DynamicModule): Promise<{ app: INestApplication; url: string }> {
  const app = await NestFactory.create(module, { logger: ['error'] });
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as AddressInfo;
  return { app, url: `http://127.0.0.1:${address.port}` };
}

/** The environment a service's config needs in tests; unreachable addresses for services not under test. */
export function testEnv(overrides: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PORT: '1',
    DATABASE_URL: testDatabaseUrl(),
    INTERNAL_SECRET: TEST_INTERNAL_SECRET,
    PROFILE_URL: 'http://127.0.0.1:9',
    AUTH_URL: 'http://127.0.0.1:9',
    MEDIA_URL: 'http://127.0.0.1:9',
    ALBUMS_URL: 'http://127.0.0.1:9',
    FAMILY_URL: 'http://127.0.0.1:9',
    // Files of services under test go to a throwaway folder, never into the working tree.
    STORAGE_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'family-test-objects-')),
    ...overrides,
  };
}
