import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { DynamicModule, INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ArchiveLogger } from '../nest/archive-logger';
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

/** A service started by `startTestApp`: the Nest application and the address it answers on. */
export interface TestApp {
  app: INestApplication;
  url: string;
}

/** A port nobody listens on right now, so two services can be given each other's address before both start. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A service module started for real, as its main.ts would, for integration tests: on a free port, or on `port`
 * when one was chosen beforehand (with `freePort()`) so another service could be given its address first.
 */
export async function startTestApp(module: DynamicModule, port = 0): Promise<TestApp> {
  const app = await NestFactory.create(module, { logger: new ArchiveLogger({ logLevels: ['error'] }) });
  await app.listen(port, '127.0.0.1');
  const address = app.getHttpServer().address() as AddressInfo;
  return { app, url: `http://127.0.0.1:${address.port}` };
}

/** A family member as tests use them: who they are, and the headers the gateway would add for them. */
export interface TestPerson extends Identity {
  displayName: string;
  /** A fresh identity token for every request: they live a minute. */
  readonly headers: Record<string, string>;
}

/** A family member, made in the profile service at `profileUrl` the way the auth service makes them at sign-up. */
export async function addTestPerson(
  profileUrl: string,
  id: number,
  username: string,
  displayName = username,
): Promise<TestPerson> {
  const response = await fetch(`${profileUrl}/internal/profiles`, {
    method: 'POST',
    headers: { ...asService('auth'), 'content-type': 'application/json' },
    body: JSON.stringify({ id, username, displayName }),
  });
  if (response.status !== 201) {
    throw new Error(`The profile service did not make ${username}: ${response.status} ${await response.text()}`);
  }
  return {
    id,
    username,
    displayName,
    get headers() {
      return asUser({ id, username });
    },
  };
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
export * from './pausable-proxy';
export * from './s3-test-server';
