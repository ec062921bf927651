import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { Logger } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { READINESS_CHECKS, type ReadinessCheck } from '../nest/health.controller';
import { freePort, startS3TestServer } from '../testing';
import { LocalFolderStorage, TEMP_FOLDER } from './local-folder-storage';
import { MinioStorage } from './minio-storage';
import type { ObjectStorage } from './object-storage';
import { type StorageSettings } from './storage-config';
import { ObjectStorageModule } from './storage.module';

const FILES = Symbol('FILES');

async function open(config: StorageSettings) {
  const module = await Test.createTestingModule({
    imports: [ObjectStorageModule.register({ token: FILES, config })],
  }).compile();
  return {
    storage: module.get<ObjectStorage>(FILES),
    ready: () => Promise.all(module.get<ReadinessCheck[]>(READINESS_CHECKS).map((check) => check())),
    close: () => module.close(),
  };
}

describe(ObjectStorageModule.name, () => {
  let root: string;

  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'storage-module-'));
  });

  afterEach(() => fs.rm(root, { recursive: true, force: true }));

  it('gives the folder STORAGE_DIR, made ready, and is ready only while it is usable', async () => {
    const dir = path.join(root, 'objects');
    const { storage, ready, close } = await open({ STORAGE_DIR: dir });
    try {
      expect(storage).toBeInstanceOf(LocalFolderStorage);
      expect((storage as LocalFolderStorage).root).toBe(dir);
      expect((await fs.stat(path.join(dir, TEMP_FOLDER))).isDirectory()).toBe(true);
      await expect(ready()).resolves.toBeDefined();
      await fs.rm(dir, { recursive: true });
      await expect(ready()).rejects.toThrow();
    } finally {
      await close();
    }
  });

  it('starts while MinIO does not answer yet, is not ready meanwhile, and is ready once it answers', async () => {
    const port = await freePort();
    const warned = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const { storage, ready, close } = await open({
      MINIO_ENDPOINT: '127.0.0.1',
      MINIO_PORT: String(port),
      // s3rver's built-in account.
      MINIO_ACCESS_KEY: 'S3RVER',
      MINIO_SECRET_KEY: 'S3RVER',
    });
    const warning = warned.mock.calls[0]?.[0];
    warned.mockRestore();
    let s3: Awaited<ReturnType<typeof startS3TestServer>> | undefined;
    try {
      expect(storage).toBeInstanceOf(MinioStorage);
      expect(warning).toMatch(/^Object storage is not ready yet/);
      await expect(ready()).rejects.toThrow();

      s3 = await startS3TestServer({ port, directory: root });
      await expect(ready()).resolves.toBeDefined();
    } finally {
      await close();
      await s3?.close();
    }
  });

  it('refuses a wrong setting at once, with a sentence naming it', () => {
    expect(() =>
      ObjectStorageModule.register({ token: FILES, config: { MINIO_ENDPOINT: 'minio', MINIO_ACCESS_KEY: 'a' } }),
    ).toThrow('MINIO_SECRET_KEY is required when MINIO_ENDPOINT is set.');
  });
});
