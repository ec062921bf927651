import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { loadConfig } from '@family/shared';
import { ArchiveLogger } from '@family/shared/nest';
import { addTestPerson, freePort, startTestApp, type TestApp, type TestPerson, testEnv } from '@family/shared/testing';
import { AppModule as MediaModule } from '../../media/src/app.module';
import { MediaConfig } from '../../media/src/config';
import { MediaWorkerConfig } from '../../media/src/worker/worker-config';
import { WorkerModule as MediaWorkerModule } from '../../media/src/worker.module';
import { AppModule as ProfileModule } from '../../profile/src/app.module';
import { ProfileConfig } from '../../profile/src/config';
import { AppModule } from '../src/app.module';
import { AlbumsConfig } from '../src/config';

/**
 * The albums service with the real profile and media services and the media worker (which detaches a deleted
 * album's items) beside it, media files in a temp folder.
 */
export interface AlbumsStack {
  profile: TestApp;
  media: TestApp;
  albums: TestApp;
  db: DataSource;
  storageDir: string;
  /** Stops and starts the media worker again: what albums queues for it while it is away waits in Postgres. */
  stopMediaWorker(): Promise<void>;
  startMediaWorker(): Promise<void>;
  close(): Promise<void>;
}

export type Person = TestPerson;

export async function startAlbumsStack(): Promise<AlbumsStack> {
  const storageDir = await fs.mkdtemp(path.join(os.tmpdir(), 'albums-test-objects-'));
  const profile = await startTestApp(ProfileModule.register(loadConfig(ProfileConfig, testEnv())));
  // Media asks albums for album access: it needs albums' address before albums starts.
  const albumsPort = await freePort();
  const albumsUrl = `http://127.0.0.1:${albumsPort}`;
  const media = await startTestApp(
    MediaModule.register(
      loadConfig(MediaConfig, testEnv({ PROFILE_URL: profile.url, ALBUMS_URL: albumsUrl, STORAGE_DIR: storageDir })),
    ),
  );
  const albums = await startTestApp(
    AppModule.register(loadConfig(AlbumsConfig, testEnv({ PROFILE_URL: profile.url }))),
    albumsPort,
  );
  let worker: INestApplicationContext | null = null;
  const stack: AlbumsStack = {
    profile,
    media,
    albums,
    storageDir,
    db: albums.app.get(DataSource),
    async startMediaWorker() {
      const config = loadConfig(
        MediaWorkerConfig,
        testEnv({ PROFILE_URL: profile.url, ALBUMS_URL: albumsUrl, STORAGE_DIR: storageDir }),
      );
      worker = await NestFactory.createApplicationContext(MediaWorkerModule.register(config), {
        logger: new ArchiveLogger({ logLevels: ['error'] }),
      });
      worker.enableShutdownHooks();
      await worker.init();
    },
    async stopMediaWorker() {
      await worker?.close();
      worker = null;
    },
    async close() {
      await stack.stopMediaWorker();
      await albums.app.close();
      await media.app.close();
      await profile.app.close();
      await fs.rm(storageDir, { recursive: true, force: true });
    },
  };
  await stack.startMediaWorker();
  return stack;
}

/** A family member, made in the stack's profile service the way the auth service makes them at sign-up. */
export function addPerson(stack: AlbumsStack, id: number, username: string, displayName: string): Promise<Person> {
  return addTestPerson(stack.profile.url, id, username, displayName);
}

let pngSeed = 0;

/** A small real PNG (4x4, one colour); every call gives different bytes, so media never sees a duplicate. */
export function png(): Buffer {
  pngSeed += 1;
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const width = 4;
  const height = 4;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) {
    row[1 + x * 3] = pngSeed % 256;
    row[2 + x * 3] = Math.floor(pngSeed / 256) % 256;
    row[3 + x * 3] = 200;
  }
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Uploads a photo through the media service's own route, as the web app does. */
export async function uploadPhoto(stack: AlbumsStack, person: Person, title: string): Promise<{ id: number }> {
  const response = await request(stack.media.url)
    .post('/api/media')
    .set(person.headers)
    .field('type', 'photo')
    .field('title', title)
    .attach('file', png(), { filename: 'photo.png', contentType: 'image/png' })
    .expect(201);
  return response.body as { id: number };
}
