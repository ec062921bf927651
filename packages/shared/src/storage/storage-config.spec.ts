import { validateSync } from 'class-validator';
import { DirectoryConfig, loadConfig, requiredVariables, ServiceConfig } from '../config';
import { storageOptionsFromEnv } from './create-storage';
import { STORAGE_VARIABLES, storageEnv, WithStorageConfig } from './storage-config';

class StoringConfig extends WithStorageConfig(DirectoryConfig) {}

describe(WithStorageConfig.name, () => {
  const service = {
    PORT: '3003',
    DATABASE_URL: 'postgres://u:p@db:5432/family',
    INTERNAL_SECRET: 'x'.repeat(32),
    PROFILE_URL: 'http://profile:3002',
  };
  const minio = {
    MINIO_ENDPOINT: 'minio',
    MINIO_PORT: '9001',
    MINIO_USE_SSL: 'true',
    MINIO_ACCESS_KEY: 'archive',
    MINIO_SECRET_KEY: 'a-secret-of-some-length',
    MINIO_BUCKET: 'family-files',
  };

  it('requires nothing more than the config it extends', () => {
    expect(requiredVariables(StoringConfig).sort()).toEqual(requiredVariables(DirectoryConfig).sort());
    expect(requiredVariables(WithStorageConfig(ServiceConfig)).sort()).toEqual(requiredVariables(ServiceConfig).sort());
  });

  it('keeps the checks of the config it extends', () => {
    expect(() => loadConfig(StoringConfig, { ...service, PROFILE_URL: 'profile' })).toThrow(/PROFILE_URL/);
  });

  it('reads the storage variables as text, with the rest of the config', () => {
    const config = loadConfig(StoringConfig, { ...service, ...minio, STORAGE_DIR: '/srv/objects' });
    expect(config.PORT).toBe(3003);
    expect(config.MINIO_PORT).toBe('9001');
    expect(config.STORAGE_DIR).toBe('/srv/objects');
  });

  it('declares every storage variable for the start-up check', () => {
    const config = Object.assign(new StoringConfig(), loadConfig(DirectoryConfig, service));
    for (const name of STORAGE_VARIABLES) config[name] = 7 as unknown as string;
    const wrong = validateSync(config).map((error) => error.property);
    expect(wrong.sort()).toEqual([...STORAGE_VARIABLES].sort());
  });
});

describe(storageEnv.name, () => {
  it('gives storageOptionsFromEnv only the storage variables of a config', () => {
    const config = loadConfig(StoringConfig, {
      PORT: '3003',
      DATABASE_URL: 'postgres://u:p@db:5432/family',
      INTERNAL_SECRET: 'x'.repeat(32),
      PROFILE_URL: 'http://profile:3002',
      MINIO_ENDPOINT: 'minio',
      MINIO_ACCESS_KEY: 'archive',
      MINIO_SECRET_KEY: 'a-secret-of-some-length',
    });
    const env = storageEnv(config);
    expect(Object.keys(env).sort()).toEqual([...STORAGE_VARIABLES].sort());
    expect(storageOptionsFromEnv(env, '/default')).toEqual({
      localRoot: '/default',
      minio: {
        endPoint: 'minio',
        port: 9000,
        useSSL: false,
        accessKey: 'archive',
        secretKey: 'a-secret-of-some-length',
        bucket: 'family-archive',
      },
    });
  });
});
