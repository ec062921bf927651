// scripts/backup and scripts/restore, for real: a database on the Postgres at TEST_DATABASE_URL (with Debian's
// pg_dump/pg_restore on PATH, which must match that server) and files written by the services' own storage code,
// in a folder and in an S3-compatible server (s3rver) as MinIO. Back up, wipe, restore: every row and every byte back.
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Client } from 'pg';
import { createStorage, type ObjectStorage } from '@family/shared/storage';
import { startS3TestServer } from '@family/shared/testing';

const root = path.resolve(__dirname, '../..');
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MiB = 1024 * 1024;

interface Result {
  code: number;
  output: string;
}

/** Runs scripts/<name> with only the settings given (none of this machine's archive settings leak in). */
function script(
  name: 'backup' | 'restore' | 'verify-backup',
  args: string[],
  settings: Record<string, string>,
): Promise<Result> {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^(MINIO_|DATABASE_URL$|STORAGE_DIR$|DATA_DIR$|BACKUP_DIR$)/.test(key)) env[key] = value;
  }
  return new Promise((resolve) => {
    execFile(
      path.join(root, 'scripts', name),
      args,
      { cwd: root, env: { ...env, ...settings }, maxBuffer: 16 * MiB },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, output: `${stdout}${stderr}` });
      },
    );
  });
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** The files of the archive: binary and text, nested keys, an empty one, and one bigger than an upload part. */
function files(): Map<string, { bytes: Buffer; contentType?: string }> {
  return new Map([
    [
      'media/2026/11/5b3e0c9a-7f0e-4a57-9d0b-2f7a1c3e9b11',
      { bytes: randomBytes(9 * MiB + 123), contentType: 'video/mp4' },
    ],
    ['media/2026/11/5b3e0c9a-7f0e-4a57-9d0b-2f7a1c3e9b11.thumb.webp', { bytes: randomBytes(20_000) }],
    [
      'media/2025/01/0d1e2f30-4151-4617-8819-a1b2c3d4e5f6',
      { bytes: Buffer.from('A letter from Grandma: “Hej då!” 👵\n') },
    ],
    ['media/2025/01/empty-document', { bytes: Buffer.alloc(0) }],
    ['pictures/1-3.webp', { bytes: randomBytes(4096), contentType: 'image/webp' }],
  ]);
}

async function putAll(storage: ObjectStorage, stored: ReturnType<typeof files>): Promise<void> {
  await storage.ensureReady();
  for (const [key, { bytes, contentType }] of stored) await storage.put(key, Readable.from([bytes]), { contentType });
}

async function expectAllBack(storage: ObjectStorage, stored: ReturnType<typeof files>): Promise<void> {
  for (const [key, { bytes }] of stored) {
    const back = await readAll(await storage.get(key));
    expect({ key, size: back.length, sha256: sha256(back) }).toEqual({
      key,
      size: bytes.length,
      sha256: sha256(bytes),
    });
  }
}

/** Every file under a storage folder except the services' temp folder, as keys. */
function keysIn(folder: string): string[] {
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((key) => !key.startsWith('.tmp/'))
    .sort();
}

/** The one dated folder scripts/backup made under `folder`. */
function onlyBackupIn(folder: string): string {
  const names = fs.readdirSync(folder);
  expect(names).toEqual([expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/)]);
  return path.join(folder, names[0]);
}

describe('scripts/backup and scripts/restore (--local)', () => {
  const databaseName = `deployment_backup_${randomBytes(4).toString('hex')}`;
  const databaseUrl = (() => {
    const url = new URL(adminUrl);
    url.pathname = `/${databaseName}`;
    return url.toString();
  })();
  let work: string;
  let db: Client;

  async function rows(): Promise<unknown> {
    const people = await db.query('SELECT * FROM profile.people ORDER BY id');
    const albums = await db.query('SELECT * FROM albums.albums ORDER BY id');
    return { people: people.rows, albums: albums.rows };
  }

  async function wipeDatabase(): Promise<void> {
    await db.query('DROP SCHEMA profile CASCADE; DROP SCHEMA albums CASCADE');
  }

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'deployment-backup-'));
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName}`);
    await admin.end();
    db = new Client({ connectionString: databaseUrl });
    await db.connect();
    // Like the services: a schema each, serial ids, text in any language, dates, binary, nulls.
    await db.query(`
      CREATE SCHEMA profile;
      CREATE TABLE profile.people (
        id serial PRIMARY KEY, username text NOT NULL UNIQUE, display_name text, birthday date,
        story text, created_at timestamptz NOT NULL DEFAULT now());
      CREATE SCHEMA albums;
      CREATE TABLE albums.albums (
        id bigserial PRIMARY KEY, owner_id int NOT NULL, name text NOT NULL, cover bytea, created_at timestamptz NOT NULL);
      CREATE INDEX albums_owner ON albums.albums (owner_id, id);
    `);
    for (let i = 1; i <= 40; i++) {
      await db.query('INSERT INTO profile.people (username, display_name, birthday, story) VALUES ($1, $2, $3, $4)', [
        `person${i}`,
        i % 3 ? `Åsa “${i}” Øberg 👪` : null,
        i % 2 ? `19${40 + i}-0${(i % 9) + 1}-15` : null,
        'x'.repeat(i * 50),
      ]);
      await db.query('INSERT INTO albums.albums (owner_id, name, cover, created_at) VALUES ($1, $2, $3, $4)', [
        i,
        `Summer ${1980 + i}`,
        i % 4 ? randomBytes(i * 10) : null,
        new Date(Date.UTC(2020, 0, i, 12, 30, 15, 123)),
      ]);
    }
  });

  afterAll(async () => {
    await db?.end();
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.end();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  describe('with files in a folder (STORAGE_DIR)', () => {
    const stored = files();
    let storageDir: string;
    let backup: string;

    it('backs up into one dated folder, and a restore after losing everything brings every row and byte back', async () => {
      storageDir = path.join(work, 'objects');
      const backups = path.join(work, 'backups');
      const storage = createStorage({ localRoot: storageDir });
      await putAll(storage, stored);
      // A half-written upload a crash left behind is not part of the archive.
      fs.writeFileSync(path.join(storageDir, '.tmp', 'crash.part'), 'half an upload');
      const before = await rows();
      const settings = { DATABASE_URL: databaseUrl, STORAGE_DIR: storageDir };

      const made = await script('backup', ['--local', '--to', backups], settings);
      expect(made).toEqual({ code: 0, output: expect.stringContaining('Backup written to') });
      backup = onlyBackupIn(backups);
      expect(fs.readdirSync(backup).sort()).toEqual([
        'database.dump',
        'database.rows',
        'database.sha256',
        'objects',
        'objects.json',
      ]);
      expect(fs.readFileSync(path.join(backup, 'database.rows'), 'utf8')).toBe('albums.albums 40\nprofile.people 40\n');
      expect(keysIn(path.join(backup, 'objects'))).toEqual([...stored.keys()].sort());

      await wipeDatabase();
      fs.rmSync(storageDir, { recursive: true });

      const restored = await script('restore', ['--local', backup], settings);
      expect(restored).toEqual({ code: 0, output: expect.stringContaining('Restored') });
      expect(await rows()).toEqual(before);
      await expectAllBack(createStorage({ localRoot: storageDir }), stored);
      expect(keysIn(storageDir)).toEqual([...stored.keys()].sort());
      // The sequences came back too: the next row gets the next id.
      const next = await db.query(`INSERT INTO profile.people (username) VALUES ('newcomer') RETURNING id`);
      expect(next.rows[0].id).toBe(41);
    });

    it('restores over an archive that changed since, replacing the database and keeping newer files', async () => {
      const storage = createStorage({ localRoot: storageDir });
      await db.query(`UPDATE albums.albums SET name = 'Renamed' WHERE id = 1`);
      await storage.put('media/2026/12/added-later', Readable.from([Buffer.from('new')]));

      const restored = await script('restore', ['--local', '--yes', backup], {
        DATABASE_URL: databaseUrl,
        STORAGE_DIR: storageDir,
      });
      expect(restored.code).toBe(0);
      const names = await db.query('SELECT name FROM albums.albums WHERE id = 1');
      expect(names.rows).toEqual([{ name: 'Summer 1981' }]);
      const people = await db.query(`SELECT count(*)::int AS count FROM profile.people`);
      expect(people.rows).toEqual([{ count: 40 }]);
      await expectAllBack(storage, stored);
      expect(keysIn(storageDir)).toContain('media/2026/12/added-later');
    });

    it('refuses a damaged backup before changing anything', async () => {
      const damaged = path.join(work, 'damaged');
      fs.cpSync(backup, damaged, { recursive: true });
      const key = 'pictures/1-3.webp';
      fs.appendFileSync(path.join(damaged, 'objects', key), 'x');
      await db.query(`UPDATE albums.albums SET name = 'Kept' WHERE id = 2`);
      fs.rmSync(path.join(storageDir, key));

      const restored = await script('restore', ['--local', '--yes', damaged], {
        DATABASE_URL: databaseUrl,
        STORAGE_DIR: storageDir,
      });
      expect(restored.code).not.toBe(0);
      expect(restored.output).toContain(`The backup is damaged: ${key} differs from the one that was backed up.`);
      const names = await db.query('SELECT name FROM albums.albums WHERE id = 2');
      expect(names.rows).toEqual([{ name: 'Kept' }]);
      expect(fs.existsSync(path.join(storageDir, key))).toBe(false);
    });

    describe('scripts/verify-backup', () => {
      const verify = (args: string[], settings: Record<string, string> = {}) =>
        script('verify-backup', ['--local', ...args], { DATABASE_URL: databaseUrl, ...settings });

      /** A copy of the backup to damage, so the others stay whole. */
      function copyOfBackup(name: string): string {
        const copy = path.join(work, name);
        fs.cpSync(backup, copy, { recursive: true });
        return copy;
      }

      it('restores a whole backup into scratch copies, says it is whole, and leaves nothing behind', async () => {
        const databasesBefore = await db.query(`SELECT datname FROM pg_database ORDER BY datname`);
        const verified = await verify([backup]);
        expect(verified.output).toContain('Database dump: its checksum matches.');
        expect(verified.output).toContain('all 2 tables have their 80 rows');
        expect(verified.output).toContain('Files: all 5 objects');
        expect(verified.output).toContain(`The backup ${path.basename(backup)} restores whole.`);
        expect(verified.code).toBe(0);
        const databasesAfter = await db.query(`SELECT datname FROM pg_database ORDER BY datname`);
        expect(databasesAfter.rows).toEqual(databasesBefore.rows);
      });

      it('finds the newest backup by itself', async () => {
        const verified = await verify([], { BACKUP_DIR: path.dirname(backup) });
        expect(verified.output).toContain(`Verifying the backup ${path.basename(backup)}`);
        expect(verified.code).toBe(0);
      });

      it('names every file that is damaged, missing or not listed', async () => {
        const damaged = copyOfBackup('verify-files');
        fs.appendFileSync(path.join(damaged, 'objects', 'pictures', '1-3.webp'), 'x');
        const letter = path.join(damaged, 'objects', 'media', '2025', '01', '0d1e2f30-4151-4617-8819-a1b2c3d4e5f6');
        const bytes = fs.readFileSync(letter);
        bytes[0] ^= 0xff; // same size, another byte: only the checksum can tell
        fs.writeFileSync(letter, bytes);
        fs.rmSync(path.join(damaged, 'objects', 'media', '2025', '01', 'empty-document'));
        fs.writeFileSync(path.join(damaged, 'objects', 'pictures', 'stray.webp'), 'not from the archive');

        const verified = await verify([damaged]);
        expect(verified.code).toBe(1);
        expect(verified.output).toContain('Files: 4 of 5 differ');
        expect(verified.output).toContain('differs   pictures/1-3.webp: 4097 bytes, the backup listed 4096');
        expect(verified.output).toContain(
          'differs   media/2025/01/0d1e2f30-4151-4617-8819-a1b2c3d4e5f6: its sha256 is not the one the backup listed',
        );
        expect(verified.output).toContain('missing   media/2025/01/empty-document');
        expect(verified.output).toContain('unlisted  pictures/stray.webp');
        expect(verified.output).toContain('all 2 tables have their 80 rows');
        expect(verified.output).toContain('does NOT restore whole');
      });

      it('finds a damaged database dump, and a dump that lost rows', async () => {
        const corrupt = copyOfBackup('verify-dump');
        const dump = path.join(corrupt, 'database.dump');
        const bytes = fs.readFileSync(dump);
        bytes.fill(0x55, Math.floor(bytes.length / 2), Math.floor(bytes.length / 2) + 64);
        fs.writeFileSync(dump, bytes);
        const verified = await verify([corrupt]);
        expect(verified.code).toBe(1);
        expect(verified.output).toContain('database.dump differs from the one that was backed up');

        // Rows recorded at backup time that the dump does not bring back are named table by table.
        const short = copyOfBackup('verify-rows');
        fs.writeFileSync(path.join(short, 'database.rows'), 'albums.albums 40\nprofile.people 41\n');
        const counted = await verify([short]);
        expect(counted.code).toBe(1);
        expect(counted.output).toContain('profile.people: the backup recorded 41 rows, the restore has 40');
      });

      it('says when there is no backup to verify', async () => {
        const none = await verify([], { BACKUP_DIR: path.join(work, 'no-backups') });
        expect(none.code).not.toBe(0);
        expect(none.output).toContain('No backup found in');
      });
    });

    it('says what is missing instead of backing up nothing', async () => {
      const emptyDataDir = path.join(work, 'no-archive-here');
      fs.mkdirSync(emptyDataDir);
      const made = await script('backup', ['--local', '--to', path.join(work, 'unused')], { DATA_DIR: emptyDataDir });
      expect(made.code).not.toBe(0);
      expect(made.output).toContain('Set DATABASE_URL, or start the archive with npm start first');

      const restored = await script('restore', ['--local', '--yes', work], { DATABASE_URL: databaseUrl });
      expect(restored.code).not.toBe(0);
      expect(restored.output).toContain('is not a backup made by scripts/backup');
    });
  });

  describe('with files in MinIO (an S3-compatible server)', () => {
    const stored = files();
    let server: Awaited<ReturnType<typeof startS3TestServer>>;
    let storage: ObjectStorage;
    let settings: Record<string, string>;

    beforeAll(async () => {
      server = await startS3TestServer({ directory: path.join(work, 's3') });
      const { port } = server;
      const minio = {
        endPoint: '127.0.0.1',
        port,
        useSSL: false,
        accessKey: 'S3RVER',
        secretKey: 'S3RVER',
        bucket: 'family-archive',
      };
      storage = createStorage({ minio, localRoot: path.join(work, 'unused') });
      settings = {
        DATABASE_URL: databaseUrl,
        MINIO_ENDPOINT: minio.endPoint,
        MINIO_PORT: String(port),
        MINIO_ACCESS_KEY: minio.accessKey,
        MINIO_SECRET_KEY: minio.secretKey,
        MINIO_BUCKET: minio.bucket,
      };
    });

    afterAll(async () => {
      await server?.close();
    });

    it('copies the bucket into the backup and back, with each file byte-identical and its type kept', async () => {
      await putAll(storage, stored);
      const before = await rows();
      const backups = path.join(work, 'minio-backups');

      const made = await script('backup', ['--local', '--to', backups], settings);
      expect(made).toEqual({ code: 0, output: expect.stringContaining('Backup written to') });
      const backup = onlyBackupIn(backups);
      expect(keysIn(path.join(backup, 'objects'))).toEqual([...stored.keys()].sort());

      await wipeDatabase();
      for (const key of stored.keys()) await storage.delete(key);

      const restored = await script('restore', ['--local', '--yes', backup], settings);
      expect(restored).toEqual({ code: 0, output: expect.stringContaining('Restored') });
      expect(await rows()).toEqual(before);
      await expectAllBack(storage, stored);
      expect((await storage.stat('media/2026/11/5b3e0c9a-7f0e-4a57-9d0b-2f7a1c3e9b11'))?.contentType).toBe('video/mp4');
      expect((await storage.stat('pictures/1-3.webp'))?.contentType).toBe('image/webp');
    });
  });
});
