import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import sharp from 'sharp';
import { Client } from 'pg';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { loadConfig } from '@family/shared';
import type { ObjectStorage } from '@family/shared/storage';
import {
  addTestPerson,
  freePort,
  startTestApp,
  type TestApp,
  type TestPerson,
  testEnv as sharedTestEnv,
} from '@family/shared/testing';
import { AppModule as AlbumsModule } from '../../albums/src/app.module';
import { AlbumsConfig } from '../../albums/src/config';
import { AppModule as AuthModule } from '../../auth/src/app.module';
import { AuthConfig } from '../../auth/src/config';
import { AppModule as FamilyModule } from '../../family/src/app.module';
import { FamilyConfig } from '../../family/src/config';
import { WorkerModule as FamilyWorkerModule } from '../../family/src/worker.module';
import { AppModule as ProfileModule } from '../../profile/src/app.module';
import { ProfileConfig } from '../../profile/src/config';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ArchiveLogger } from '@family/shared/nest';
import type { MediaItem } from '@family/contract';
import { AppModule } from '../src/app.module';
import { MediaConfig } from '../src/config';
import { MediaWorkerConfig } from '../src/worker/worker-config';
import { WorkerModule } from '../src/worker.module';
import { MEDIA_STORAGE } from '../src/services/storage.provider';

export type Person = TestPerson;

/**
 * The media service with the real profile service and the real albums service beside it, wired to each other
 * (media asks albums for album rights, albums asks media to put items into albums), files in a temp folder.
 */
export interface MediaStack {
  profile: TestApp;
  albums: TestApp;
  media: TestApp;
  /**
   * Auth and family (the service and its worker), when asked for: a takeout's family part (an export's ties and
   * GEDCOM, an import's family.ged) is a job of the family worker.
   */
  auth: TestApp | null;
  family: TestApp | null;
  storageDir: string;
  storage: ObjectStorage;
  db: DataSource;
  /** The media worker, as `npm start` runs it beside the service (null until started, when asked for none). */
  worker: INestApplicationContext | null;
  startWorker(): Promise<void>;
  stopWorker(): Promise<void>;
  close(): Promise<void>;
}

/**
 * With `worker: false` items stay pending until `startWorker()`; with `family: true` auth and family run too;
 * with `databaseUrl` every service of the stack uses that database instead of the test run's (a second archive);
 * with `ownDatabase: true` a scratch database made for the stack and dropped with it, for a spec whose shared
 * albums or exact lists must not meet other spec files' data (they share the run's database otherwise).
 */
export async function startMediaStack(
  options: {
    worker?: boolean;
    family?: boolean;
    databaseUrl?: string;
    ownDatabase?: boolean;
    /** More settings of the media service and its worker (MINIO_*, MAX_UPLOAD_MB). */
    mediaEnv?: Record<string, string>;
  } = {},
): Promise<MediaStack> {
  const scratch = options.ownDatabase ? await createScratchDatabase() : null;
  const databaseUrl = scratch?.url ?? options.databaseUrl;
  const testEnv = (overrides: Record<string, string> = {}) =>
    sharedTestEnv(databaseUrl ? { DATABASE_URL: databaseUrl, ...overrides } : overrides);
  const storageDir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-test-objects-'));
  const auth = options.family ? await startTestApp(AuthModule.register(loadConfig(AuthConfig, testEnv()))) : null;
  const profile = await startTestApp(
    ProfileModule.register(loadConfig(ProfileConfig, testEnv(auth ? { AUTH_URL: auth.url } : {}))),
  );
  // Each of media and albums needs the other's address: albums gets a port chosen before media starts.
  const albumsPort = await freePort();
  const media = await startTestApp(
    AppModule.register(
      loadConfig(
        MediaConfig,
        testEnv({
          PROFILE_URL: profile.url,
          ALBUMS_URL: `http://127.0.0.1:${albumsPort}`,
          STORAGE_DIR: storageDir,
          // Uploads over the limit are tested with files of a test's size, not the default 10 GB.
          MAX_UPLOAD_MB: '50',
          ...options.mediaEnv,
        }),
      ),
    ),
  );
  const albums = await startTestApp(
    AlbumsModule.register(loadConfig(AlbumsConfig, testEnv({ PROFILE_URL: profile.url, MEDIA_URL: media.url }))),
    albumsPort,
  );
  const familyConfig = () =>
    loadConfig(
      FamilyConfig,
      testEnv({ PROFILE_URL: profile.url, AUTH_URL: auth!.url, MEDIA_URL: media.url, STORAGE_DIR: storageDir }),
    );
  const family = options.family ? await startTestApp(FamilyModule.register(familyConfig())) : null;
  // A takeout's family part is a job of the family worker (docs/architecture.md "Takeout export").
  const familyWorker = options.family
    ? await NestFactory.createApplicationContext(FamilyWorkerModule.register(familyConfig()), {
        logger: new ArchiveLogger({ logLevels: ['error'] }),
      })
    : null;
  familyWorker?.enableShutdownHooks();
  await familyWorker?.init();
  const stack: MediaStack = {
    profile,
    albums,
    media,
    auth,
    family,
    storageDir,
    storage: media.app.get<ObjectStorage>(MEDIA_STORAGE),
    db: media.app.get(DataSource),
    worker: null,
    async startWorker() {
      const config = loadConfig(
        MediaWorkerConfig,
        testEnv({
          STORAGE_DIR: storageDir,
          PROFILE_URL: profile.url,
          ALBUMS_URL: albums.url,
          ...options.mediaEnv,
        }),
      );
      stack.worker = await NestFactory.createApplicationContext(WorkerModule.register(config), {
        logger: new ArchiveLogger({ logLevels: ['error'] }),
      });
      stack.worker.enableShutdownHooks();
      await stack.worker.init();
    },
    async stopWorker() {
      await stack.worker?.close();
      stack.worker = null;
    },
    async close() {
      await stack.stopWorker();
      await familyWorker?.close();
      await family?.app.close();
      await media.app.close();
      await albums.app.close();
      await profile.app.close();
      await auth?.app.close();
      await fs.rm(storageDir, { recursive: true, force: true });
      await scratch?.drop();
    },
  };
  if (options.worker !== false) await stack.startWorker();
  return stack;
}

/**
 * A fresh, empty database on the test run's Postgres server, for a second archive beside the first; `drop()`
 * removes it once the services using it are closed.
 */
export async function createScratchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_ADMIN_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_ADMIN_DATABASE_URL is not set: run the tests through jest.');
  const name = `family_test_${randomBytes(5).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** The item once the worker has prepared it (ready or failed). */
export async function waitPrepared(stack: MediaStack, person: Person, id: number, ms = 60_000): Promise<MediaItem> {
  const until = Date.now() + ms;
  for (;;) {
    const response = await request(stack.media.url).get(`/api/media/${id}`).set(person.headers).expect(200);
    const item = response.body as MediaItem;
    if (item.processing !== 'pending') return item;
    if (Date.now() > until) throw new Error(`Media item ${id} was still pending after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A family member, made in the stack's profile service the way the auth service makes them at sign-up. */
export function addPerson(stack: MediaStack, id: number, username: string, displayName = username): Promise<Person> {
  return addTestPerson(stack.profile.url, id, username, displayName);
}

/** Every object key in the storage folder (temp files of unfinished puts included). */
export async function storedKeys(stack: MediaStack): Promise<string[]> {
  const keys: string[] = [];
  const walk = async (dir: string, prefix: string) => {
    for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
      const key = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(path.join(dir, entry.name), key);
      else keys.push(key);
    }
  };
  await walk(stack.storageDir, '');
  return keys.sort();
}

// Test media, made here ----------------------------------------------------------------------------------------

/** A JPEG with an EXIF DateTimeOriginal ('YYYY:MM:DD HH:MM:SS'); `seed` makes its bytes unique. */
export function jpegWithExif(
  dateTimeOriginal: string | null,
  seed = randomBytes(3).toString('hex'),
  size = { width: 1200, height: 800 },
) {
  const image = sharp({ create: { ...size, channels: 3, background: `#${seed.padEnd(6, '0').slice(0, 6)}` } })
    .composite([{ input: Buffer.from(svgLabel(seed, size)), top: 0, left: 0 }])
    .jpeg({ quality: 80 });
  return (dateTimeOriginal ? image.withExif({ IFD2: { DateTimeOriginal: dateTimeOriginal } }) : image).toBuffer();
}

/** A portrait photo stored landscape with EXIF orientation 6 (rotate 90° to show): like most phone photos. */
export function rotatedJpeg(seed = randomBytes(3).toString('hex')) {
  return sharp({ create: { width: 800, height: 400, channels: 3, background: `#${seed.padEnd(6, '0').slice(0, 6)}` } })
    .composite([{ input: Buffer.from(svgLabel(seed, { width: 800, height: 400 })), top: 0, left: 0 }])
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

export function png(seed = randomBytes(3).toString('hex')) {
  return sharp({ create: { width: 300, height: 200, channels: 4, background: `#${seed.padEnd(6, '0').slice(0, 6)}` } })
    .composite([{ input: Buffer.from(svgLabel(seed, { width: 300, height: 200 })), top: 0, left: 0 }])
    .png()
    .toBuffer();
}

function svgLabel(text: string, size: { width: number; height: number }): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}">
    <text x="20" y="60" font-size="40" fill="#fff">${text}</text></svg>`;
}

/** A WAV: the 44-byte header, then 8-bit mono samples at 8 kHz (a short tone). */
export function wav(seconds = 1, seed = 0): Buffer {
  const samples = Math.round(8000 * seconds);
  const buffer = Buffer.alloc(44 + samples);
  buffer.write('RIFF', 0, 'ascii');
  buffer.writeUInt32LE(36 + samples, 4);
  buffer.write('WAVE', 8, 'ascii');
  buffer.write('fmt ', 12, 'ascii');
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20); // PCM
  buffer.writeUInt16LE(1, 22); // mono
  buffer.writeUInt32LE(8000, 24);
  buffer.writeUInt32LE(8000, 28);
  buffer.writeUInt16LE(1, 32);
  buffer.writeUInt16LE(8, 34);
  buffer.write('data', 36, 'ascii');
  buffer.writeUInt32LE(samples, 40);
  for (let i = 0; i < samples; i++)
    buffer[44 + i] = 128 + Math.round(100 * Math.sin((2 * Math.PI * (440 + seed) * i) / 8000));
  return buffer;
}

/** A tiny PDF: a few lines of text starting with %PDF-. */
export function pdf(note = randomBytes(4).toString('hex')): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n% ${note}\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`,
  );
}

export function text(
  content = `Grandma's recipe ${randomBytes(4).toString('hex')}\nFlour, butter, love. Crème fraîche.\n`,
): Buffer {
  return Buffer.from(content, 'utf8');
}

/** Multipart upload helper: fields first (as the web app sends them), then the file. */
export function upload(
  stack: MediaStack,
  person: Person,
  fields: Record<string, string>,
  file?: { buffer: Buffer; filename: string; contentType?: string },
) {
  let req = request(stack.media.url).post('/api/media').set(person.headers);
  for (const [name, value] of Object.entries(fields)) req = req.field(name, value);
  if (file)
    req = req.attach('file', file.buffer, {
      filename: file.filename,
      contentType: file.contentType ?? 'application/octet-stream',
    });
  return req;
}

export function todayLocal(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Reads a whole binary response body into a Buffer (supertest leaves unknown types unparsed). */
export function binary(res: request.Response, callback: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}
