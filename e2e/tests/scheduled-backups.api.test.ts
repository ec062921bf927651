import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { ApiClient, registerPerson } from '../support/api';
import { pngFile, uploadMedia } from '../support/media';
// eslint-disable-next-line @typescript-eslint/no-require-imports
import config = require('../support/stack-config.cjs');
// eslint-disable-next-line @typescript-eslint/no-require-imports
import archives = require('../support/start-archive.cjs');

// pg_dump must be as new as the server: the archive runs on the Postgres of TEST_DATABASE_URL (Debian's, with its
// pg_dump), not the embedded one, as the deployment backup test does.
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function onServer(statement: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** docs/architecture.md "Scheduled backups": an archive of its own with a cron of every three seconds. */
describe('scheduled backups', () => {
  const database = `family_backups_${Date.now().toString(36)}`;
  const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'family-e2e-backups-'));
  let started: Awaited<ReturnType<typeof archives.startArchive>> | undefined;
  const base = `http://127.0.0.1:${config.ownArchive.gatewayPort}`;

  beforeAll(async () => {
    await onServer(`CREATE DATABASE ${database}`);
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    const saved = { ...process.env };
    Object.assign(process.env, { BACKUP_CRON: '*/3 * * * * *', BACKUP_DIR: backupDir, BACKUP_KEEP: '2' });
    try {
      started = await archives.startArchive({
        ports: config.ownArchive,
        redisUrl: null,
        databaseUrl: url.href,
        logFile: path.join(config.stateDir, 'scheduled-backups.log'),
        prefix: 'family-e2e-backups-',
      });
    } finally {
      for (const name of ['BACKUP_CRON', 'BACKUP_DIR', 'BACKUP_KEEP']) delete process.env[name];
      Object.assign(process.env, saved);
    }
  }, 200_000);

  afterAll(async () => {
    if (started) await archives.stopArchive(started.child, started.dataDir);
    await onServer(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    fs.rmSync(backupDir, { recursive: true, force: true });
  });

  it('writes a backup on the schedule, verifies it, shows it to the first member (the admin), and keeps the newest two', async () => {
    // The first member of a new archive is its admin.
    const first = await registerPerson('firstadmin', 'First Admin', base);
    const photo = await uploadMedia(first.client, { type: 'photo', title: 'In the backup' }, pngFile([1, 2, 3], 32));
    expect(photo.id).toBeGreaterThan(0);

    let runs: Array<{ status: string; verified: boolean | null; folder: string | null; message: string | null }> = [];
    for (let tries = 0; tries < 240; tries++) {
      const answer = await first.client.get('/api/admin/backups');
      expect(answer.status).toBe(200);
      expect(answer.body.schedule).toEqual({ cron: '*/3 * * * * *', folder: backupDir, keep: 2 });
      runs = answer.body.runs;
      if (runs.filter((run) => run.status === 'done').length >= 3) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const done = runs.filter((run) => run.status === 'done');
    expect(done.length).toBeGreaterThanOrEqual(3);
    expect(done[0]).toMatchObject({ verified: true, message: expect.stringMatching(/restores whole\.$/) });
    expect(done[0]!.folder!.startsWith(backupDir)).toBe(true);

    // Only the newest two (a third may be on its way as .partial).
    const dated = fs.readdirSync(backupDir).filter((name) => /^\d{4}-.*Z$/.test(name));
    expect(dated.length).toBeLessThanOrEqual(2);
    const newest = path.join(backupDir, dated.sort().at(-1)!);
    expect(fs.readdirSync(newest).sort()).toEqual(
      expect.arrayContaining(['database.dump', 'database.rows', 'database.sha256', 'objects', 'objects.json']),
    );
    const manifest = JSON.parse(fs.readFileSync(path.join(newest, 'objects.json'), 'utf8'));
    expect(manifest.objects.some((object: { key: string }) => object.key.startsWith('media/'))).toBe(true);

    // A second member is not an admin and sees nothing of it.
    const second = await registerPerson('secondmember', 'Second Member', base);
    expect((await second.client.get('/api/admin/backups')).status).toBe(403);
    expect((await new ApiClient(base).get('/api/admin/backups')).status).toBe(401);
  }, 180_000);
});
