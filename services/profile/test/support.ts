import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { loadConfig, type Identity } from '@family/shared';
import { asService, startTestApp, testEnv } from '@family/shared/testing';
import { AppModule } from '../src/app.module';
import { ProfileConfig } from '../src/config';

export interface ProfileUnderTest {
  app: INestApplication;
  url: string;
  /** The folder pictures are stored in. */
  storageDir: string;
  db: DataSource;
  close(): Promise<void>;
}

/** The real profile service on a free port, storing pictures in a fresh temp folder. */
export async function startProfile(): Promise<ProfileUnderTest> {
  const storageDir = await fs.mkdtemp(path.join(os.tmpdir(), 'profile-objects-'));
  const { app, url } = await startTestApp(
    AppModule.register(loadConfig(ProfileConfig, testEnv({ STORAGE_DIR: storageDir }))),
  );
  return {
    app,
    url,
    storageDir,
    db: app.get(DataSource),
    async close() {
      await app.close();
      await fs.rm(storageDir, { recursive: true, force: true });
    },
  };
}

/** A person as the auth service creates them at sign-up. Ids are given by the test (the account's id). */
export async function createPerson(
  url: string,
  id: number,
  username: string,
  displayName = username,
): Promise<Identity> {
  await request(url).post('/internal/profiles').set(asService('auth')).send({ id, username, displayName }).expect(201);
  return { id, username };
}

/** The object keys under `pictures/` in the storage folder. */
export async function storedPictures(storageDir: string): Promise<string[]> {
  try {
    return (await fs.readdir(path.join(storageDir, 'pictures'))).sort();
  } catch {
    return [];
  }
}

/** Files the local storage driver keeps while a put is under way (none should be left). */
export async function leftoverTempFiles(storageDir: string): Promise<string[]> {
  try {
    return await fs.readdir(path.join(storageDir, '.tmp'));
  } catch {
    return [];
  }
}
