import { createStorage, storageOptionsFromEnv } from './create-storage';
import { LocalFolderStorage } from './local-folder-storage';
import { MinioStorage } from './minio-storage';

const minioEnv = {
  MINIO_ENDPOINT: 'minio',
  MINIO_ACCESS_KEY: 'archive',
  MINIO_SECRET_KEY: 'a-long-secret',
};

describe('storageOptionsFromEnv', () => {
  test('without MINIO_ENDPOINT the local folder is used, STORAGE_DIR or the default', () => {
    expect(storageOptionsFromEnv({}, './data/objects')).toEqual({ localRoot: './data/objects' });
    expect(storageOptionsFromEnv({ STORAGE_DIR: '/srv/objects' }, './data/objects')).toEqual({
      localRoot: '/srv/objects',
    });
    // Blank values (KEY= in an .env file) count as unset; MinIO keys alone don't choose MinIO.
    expect(storageOptionsFromEnv({ MINIO_ENDPOINT: ' ', STORAGE_DIR: '', MINIO_ACCESS_KEY: 'x' }, 'here')).toEqual({
      localRoot: 'here',
    });
  });

  test('with MINIO_ENDPOINT MinIO is used, with its defaults', () => {
    expect(storageOptionsFromEnv(minioEnv, './data/objects')).toEqual({
      localRoot: './data/objects',
      minio: {
        endPoint: 'minio',
        port: 9000,
        useSSL: false,
        accessKey: 'archive',
        secretKey: 'a-long-secret',
        bucket: 'family-archive',
      },
    });
  });

  test('port, SSL and bucket are read', () => {
    const options = storageOptionsFromEnv(
      { ...minioEnv, MINIO_PORT: '443', MINIO_USE_SSL: 'true', MINIO_BUCKET: 'smith-family' },
      './data/objects',
    );
    expect(options.minio).toEqual(expect.objectContaining({ port: 443, useSSL: true, bucket: 'smith-family' }));
  });

  test.each([
    [{ MINIO_ACCESS_KEY: undefined }, 'MINIO_ACCESS_KEY is required when MINIO_ENDPOINT is set.'],
    [{ MINIO_SECRET_KEY: '' }, 'MINIO_SECRET_KEY is required when MINIO_ENDPOINT is set.'],
    [{ MINIO_PORT: 'nine' }, /^MINIO_PORT must be a port number/],
    [{ MINIO_PORT: '70000' }, /^MINIO_PORT must be a port number/],
    [{ MINIO_PORT: '9000.5' }, /^MINIO_PORT must be a port number/],
    [{ MINIO_USE_SSL: 'yes' }, 'MINIO_USE_SSL must be "true" or "false", got "yes".'],
    [{ MINIO_BUCKET: 'Family_Archive' }, /^MINIO_BUCKET must be a valid bucket name/],
    [{ MINIO_ENDPOINT: 'http://minio:9000' }, /^MINIO_ENDPOINT must be a host name or IP address only/],
    [{ MINIO_ENDPOINT: 'minio:9000' }, /^MINIO_ENDPOINT must be a host name or IP address only/],
  ])('%o is refused with a sentence naming the variable', (override, message) => {
    expect(() => storageOptionsFromEnv({ ...minioEnv, ...override }, './data/objects')).toThrow(message);
  });
});

describe('createStorage', () => {
  test('makes the MinIO driver when MinIO options are given, else the local folder', () => {
    const local = createStorage({ localRoot: '/tmp/objects' });
    expect(local).toBeInstanceOf(LocalFolderStorage);
    expect((local as LocalFolderStorage).root).toBe('/tmp/objects');

    const minio = createStorage(storageOptionsFromEnv(minioEnv, '/tmp/objects'));
    expect(minio).toBeInstanceOf(MinioStorage);
    expect((minio as MinioStorage).bucket).toBe('family-archive');
  });
});
