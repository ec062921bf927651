#!/usr/bin/env node
// Copies every stored object between the archive's object storage and a backup folder; scripts/backup and
// scripts/restore call it (in a compose installation from a one-off container of the archive image).
//
//   node scripts/lib/objects.mjs export <backup-folder>
//       storage -> <backup-folder>/objects/<key> and <backup-folder>/objects.json (key, size, sha256 of each)
//   node scripts/lib/objects.mjs import <backup-folder>
//       checks every file against objects.json first (a damaged backup changes nothing), then copies them back
//       into storage, replacing objects with the same key. Objects stored after the backup are left alone.
//   node scripts/lib/objects.mjs verify <backup-folder>
//       restores every file into a scratch folder, reads each back and compares its size and sha256 with
//       objects.json; prints every file that is missing, differs or is not listed, then removes the scratch folder.
//
// The storage is chosen as the services choose it: MinIO when MINIO_ENDPOINT is set (MINIO_PORT default 9000,
// MINIO_USE_SSL default false, MINIO_ACCESS_KEY, MINIO_SECRET_KEY, MINIO_BUCKET default family-archive), else the
// folder STORAGE_DIR (default ./data/objects), where key `media/2026/11/x` is the file `media/2026/11/x`.
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const MANIFEST = 'objects.json';
const OBJECTS = 'objects';
/** The services' temp folder inside a storage folder (never a key: keys start with a letter or digit). */
const TEMP_FOLDER = '.tmp';
/** The media service's unfinished resumable uploads inside a storage folder: half-sent files, never backed up. */
const UPLOADS_FOLDER = '.uploads';
/** As the services' MinIO client: parts of 8 MiB, so memory stays bounded whatever the file size. */
const PART_SIZE = 8 * 1024 * 1024;
const KEY_PATTERN = /^[a-z0-9][a-z0-9/._-]*$/i;

class UsageError extends Error {}

function setting(env, name) {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

/** The same choice and defaults as storageOptionsFromEnv in @family/shared/storage. */
function storageFromEnv(env = process.env) {
  const endPoint = setting(env, 'MINIO_ENDPOINT');
  if (endPoint === undefined) {
    return { kind: 'folder', root: path.resolve(setting(env, 'STORAGE_DIR') ?? path.join('data', 'objects')) };
  }
  const accessKey = setting(env, 'MINIO_ACCESS_KEY');
  const secretKey = setting(env, 'MINIO_SECRET_KEY');
  if (!accessKey || !secretKey)
    throw new UsageError('MINIO_ACCESS_KEY and MINIO_SECRET_KEY are required with MINIO_ENDPOINT.');
  return {
    kind: 'minio',
    endPoint,
    port: Number(setting(env, 'MINIO_PORT') ?? 9000),
    useSSL: setting(env, 'MINIO_USE_SSL') === 'true',
    accessKey,
    secretKey,
    bucket: setting(env, 'MINIO_BUCKET') ?? 'family-archive',
  };
}

/** A key from a manifest becomes a path: it must look like a key the services make, without `.`/`..` parts. */
function checkKey(key) {
  const parts = typeof key === 'string' ? key.split('/') : [];
  if (!KEY_PATTERN.test(key ?? '') || parts.some((part) => part === '' || part === '.' || part === '..')) {
    throw new Error(`objects.json names an object "${key}" that is not a valid key.`);
  }
  return parts;
}

/** Passes bytes through while counting them and computing their sha256. */
function hashing() {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  return { stream, result: () => ({ size, sha256: hash.digest('hex') }) };
}

async function hashFile(file) {
  const hasher = hashing();
  await pipeline(fs.createReadStream(file), hasher.stream, new PassThrough().resume());
  return hasher.result();
}

// ---- storage backends: list / read / write ----

async function* walk(root, dir = root) {
  let entries;
  try {
    entries = await fsp.readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (error.code === 'ENOENT' && dir === root) return; // nothing stored yet
    throw error;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (dir === root && (entry.name === TEMP_FOLDER || entry.name === UPLOADS_FOLDER)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(root, full);
    else if (entry.isFile()) yield { key: path.relative(root, full).split(path.sep).join('/') };
  }
}

class FolderStorage {
  constructor(root) {
    this.root = root;
    this.label = `the folder ${root}`;
  }
  list() {
    return walk(this.root);
  }
  async read(key) {
    return { body: fs.createReadStream(path.join(this.root, ...key.split('/'))) };
  }
  /** Like the services' folder storage: written under .tmp, then renamed into place. */
  async write(key, file) {
    const target = path.join(this.root, ...key.split('/'));
    const temp = path.join(this.root, TEMP_FOLDER, `${randomUUID()}.restore`);
    await fsp.mkdir(path.dirname(temp), { recursive: true });
    try {
      await pipeline(fs.createReadStream(file), fs.createWriteStream(temp, { flags: 'wx', flush: true }));
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await fsp.rename(temp, target);
    } finally {
      await fsp.rm(temp, { force: true });
    }
  }
}

class MinioStorage {
  static async connect(options) {
    const { Client } = await import('minio');
    const { endPoint, port, useSSL, accessKey, secretKey } = options;
    const client = new Client({ endPoint, port, useSSL, accessKey, secretKey, partSize: PART_SIZE });
    // As in the services: never resume an upload (s3rver, used in tests, has no ListMultipartUploads).
    client.findUploadId = async () => undefined;
    return new MinioStorage(client, options);
  }
  constructor(client, options) {
    this.client = client;
    this.bucket = options.bucket;
    this.label = `the MinIO bucket ${options.bucket} at ${options.endPoint}:${options.port}`;
  }
  async *list() {
    if (!(await this.client.bucketExists(this.bucket))) return; // nothing stored yet
    const keys = [];
    for await (const item of this.client.listObjectsV2(this.bucket, '', true)) if (item.name) keys.push(item.name);
    keys.sort();
    for (const key of keys) {
      const info = await this.client.statObject(this.bucket, key);
      const contentType = info.metaData?.['content-type'];
      yield { key, ...(contentType ? { contentType } : {}) };
    }
  }
  async read(key) {
    return { body: await this.client.getObject(this.bucket, key) };
  }
  async write(key, file, contentType) {
    if (!(await this.client.bucketExists(this.bucket))) {
      await this.client.makeBucket(this.bucket).catch(async (error) => {
        if (!(await this.client.bucketExists(this.bucket))) throw error;
      });
    }
    const meta = contentType ? { 'Content-Type': contentType } : {};
    const { size } = await fsp.stat(file);
    // Up to one part: one PUT with its size (also the only way to store an empty object). Larger: parts.
    if (size <= PART_SIZE) await this.client.putObject(this.bucket, key, await fsp.readFile(file), size, meta);
    else await this.client.putObject(this.bucket, key, fs.createReadStream(file), undefined, meta);
  }
}

async function openStorage(env = process.env) {
  const options = storageFromEnv(env);
  return options.kind === 'minio' ? MinioStorage.connect(options) : new FolderStorage(options.root);
}

// ---- export / import ----

function describe(count, bytes) {
  const size =
    bytes >= 1e9
      ? `${(bytes / 1e9).toFixed(1)} GB`
      : bytes >= 1e6
        ? `${(bytes / 1e6).toFixed(1)} MB`
        : `${Math.ceil(bytes / 1e3)} kB`;
  return `${count} object${count === 1 ? '' : 's'} (${size})`;
}

async function exportObjects(folder, env = process.env) {
  const storage = await openStorage(env);
  const objectsDir = path.join(folder, OBJECTS);
  await fsp.mkdir(objectsDir, { recursive: true });
  const objects = [];
  let bytes = 0;
  for await (const { key, contentType } of storage.list()) {
    const file = path.join(objectsDir, ...checkKey(key));
    await fsp.mkdir(path.dirname(file), { recursive: true });
    const hasher = hashing();
    const { body } = await storage.read(key);
    await pipeline(body, hasher.stream, fs.createWriteStream(file, { flags: 'wx' }));
    const { size, sha256 } = hasher.result();
    objects.push({ key, size, sha256, ...(contentType ? { contentType } : {}) });
    bytes += size;
  }
  const manifest = { version: 1, createdAt: new Date().toISOString(), count: objects.length, bytes, objects };
  await fsp.writeFile(path.join(folder, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { flag: 'wx' });
  console.log(`Copied ${describe(objects.length, bytes)} from ${storage.label}.`);
}

async function importObjects(folder, env = process.env) {
  const manifest = await readManifest(folder);
  // First check the whole backup, so a damaged one stops before anything in storage changes.
  const files = [];
  for (const object of manifest.objects) {
    const file = path.join(folder, OBJECTS, ...checkKey(object.key));
    let found;
    try {
      found = await hashFile(file);
    } catch (error) {
      throw new Error(`The backup is incomplete: ${object.key} can't be read (${error.code ?? error.message}).`, {
        cause: error,
      });
    }
    if (found.size !== object.size || found.sha256 !== object.sha256) {
      throw new Error(`The backup is damaged: ${object.key} differs from the one that was backed up.`);
    }
    files.push({ ...object, file });
  }
  const storage = await openStorage(env);
  let bytes = 0;
  for (const object of files) {
    await storage.write(object.key, object.file, object.contentType);
    bytes += object.size;
  }
  console.log(`Restored ${describe(files.length, bytes)} into ${storage.label}.`);
}

async function readManifest(folder) {
  let manifest;
  try {
    manifest = JSON.parse(await fsp.readFile(path.join(folder, MANIFEST), 'utf8'));
  } catch (error) {
    throw new UsageError(`${path.join(folder, MANIFEST)} is missing or unreadable (${error.message}).`, {
      cause: error,
    });
  }
  if (!Array.isArray(manifest.objects)) throw new UsageError(`${MANIFEST} has no list of objects.`);
  return manifest;
}

/** Restores the backup's files into a scratch folder and checks what comes back; returns the differences. */
async function verifyObjects(folder) {
  const manifest = await readManifest(folder);
  const scratch = await fsp.mkdtemp(path.join(os.tmpdir(), 'family-verify-objects-'));
  const differences = [];
  let bytes = 0;
  try {
    const storage = new FolderStorage(scratch);
    const listed = new Set();
    for (const object of manifest.objects) {
      const parts = checkKey(object.key);
      listed.add(object.key);
      const file = path.join(folder, OBJECTS, ...parts);
      try {
        await storage.write(object.key, file);
      } catch (error) {
        differences.push(`missing   ${object.key} (${error.code ?? error.message})`);
        continue;
      }
      const restored = await hashFile(path.join(scratch, ...parts));
      if (restored.size !== object.size) {
        differences.push(`differs   ${object.key}: ${restored.size} bytes, the backup listed ${object.size}`);
      } else if (restored.sha256 !== object.sha256) {
        differences.push(`differs   ${object.key}: its sha256 is not the one the backup listed`);
      }
      bytes += restored.size;
    }
    for await (const { key } of walk(path.join(folder, OBJECTS))) {
      if (!listed.has(key)) differences.push(`unlisted  ${key} (in objects/ but not in ${MANIFEST})`);
    }
  } finally {
    await fsp.rm(scratch, { recursive: true, force: true });
  }
  if (differences.length === 0) console.log(`Files: all ${describe(manifest.objects.length, bytes)} restore whole.`);
  else console.log(`Files: ${differences.length} of ${manifest.objects.length} differ:\n  ${differences.join('\n  ')}`);
  return differences.length;
}

async function main(argv) {
  const [command, folder] = argv;
  if (!['export', 'import', 'verify'].includes(command) || !folder) {
    throw new UsageError('Usage: node scripts/lib/objects.mjs export|import|verify <backup-folder>');
  }
  if (command === 'export') await exportObjects(path.resolve(folder));
  else if (command === 'import') await importObjects(path.resolve(folder));
  else if ((await verifyObjects(path.resolve(folder))) > 0) process.exitCode = 1;
}

main(process.argv.slice(2)).catch((error) => {
  console.error(error instanceof UsageError ? error.message : `Copying the files failed: ${error.message}`);
  process.exit(error instanceof UsageError ? 2 : 1);
});
