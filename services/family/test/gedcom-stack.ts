import { NestFactory } from '@nestjs/core';
import request from 'supertest';
import type { GedcomImportStatus } from '@family/contract';
import type { INestApplicationContext } from '@nestjs/common';
import { Client } from 'pg';
import { loadConfig } from '@family/shared';
import { ArchiveLogger } from '@family/shared/nest';
import { asUser, freePort, startTestApp, testDatabaseUrl, testEnv } from '@family/shared/testing';
import { AppModule as AlbumsModule } from '../../albums/src/app.module';
import { AlbumsConfig } from '../../albums/src/config';
import { AppModule as AuthModule } from '../../auth/src/app.module';
import { AuthConfig } from '../../auth/src/config';
import { AppModule as MediaModule } from '../../media/src/app.module';
import { MediaConfig } from '../../media/src/config';
import { AppModule as ProfileModule } from '../../profile/src/app.module';
import { ProfileConfig } from '../../profile/src/config';
import { AppModule } from '../src/app.module';
import { FamilyConfig } from '../src/config';
import { WorkerModule } from '../src/worker.module';

/**
 * Auth, profile, media, albums and family with the family worker, in-process on free ports, over the real test
 * database and one storage folder: everything a GEDCOM import touches, and the album rights its download asks.
 */
export async function startGedcomStack() {
  const storage = testEnv().STORAGE_DIR!;
  // Auth is asked for ids by profile; an import never asks auth for anything that needs profile.
  const auth = await startTestApp(AuthModule.register(loadConfig(AuthConfig, testEnv({ SIGNUP: 'closed' }))));
  const profile = await startTestApp(
    ProfileModule.register(loadConfig(ProfileConfig, testEnv({ AUTH_URL: auth.url, STORAGE_DIR: storage }))),
  );
  const albumsPort = await freePort();
  const media = await startTestApp(
    MediaModule.register(
      loadConfig(
        MediaConfig,
        testEnv({ PROFILE_URL: profile.url, ALBUMS_URL: `http://127.0.0.1:${albumsPort}`, STORAGE_DIR: storage }),
      ),
    ),
  );
  const albums = await startTestApp(
    AlbumsModule.register(loadConfig(AlbumsConfig, testEnv({ PROFILE_URL: profile.url, MEDIA_URL: media.url }))),
    albumsPort,
  );
  const env = testEnv({ PROFILE_URL: profile.url, AUTH_URL: auth.url, MEDIA_URL: media.url, STORAGE_DIR: storage });
  const family = await startTestApp(AppModule.register(loadConfig(FamilyConfig, env)));
  const worker: INestApplicationContext = await NestFactory.createApplicationContext(
    WorkerModule.register(loadConfig(FamilyConfig, env)),
    { logger: new ArchiveLogger({ logLevels: ['error'] }) },
  );
  await worker.init();
  const db = new Client({ connectionString: testDatabaseUrl() });
  await db.connect();
  return {
    profile,
    auth,
    media,
    family,
    worker,
    db,
    storage,
    async close() {
      await worker.close();
      await family.app.close();
      await albums.app.close();
      await media.app.close();
      await auth.app.close();
      await profile.app.close();
      await db.end();
    },
  };
}

/**
 * Uploads a GEDCOM file as `member` through the family service, and waits until its import is done or failed.
 * `stackOf` is read at each call: specs start the stack in beforeAll.
 */
export function gedcomImports(stackOf: () => { family: { url: string } }, member: { id: number; username: string }) {
  const upload = (bytes: Buffer, name: string) =>
    request(stackOf().family.url).post('/api/family/gedcom').set(asUser(member)).attach('file', bytes, name);
  const importFile = async (bytes: Buffer, name: string, tries = 1200): Promise<GedcomImportStatus> => {
    const started = await upload(bytes, name);
    expect({ status: started.status, body: started.body }).toMatchObject({ status: 202 });
    for (let tried = 0; tried < tries; tried++) {
      const { body } = await request(stackOf().family.url)
        .get(`/api/family/gedcom/imports/${started.body.id}`)
        .set(asUser(member))
        .expect(200);
      if (body.status === 'done' || body.status === 'failed') return body as GedcomImportStatus;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the import did not finish');
  };
  return { upload, importFile };
}
