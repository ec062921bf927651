import { DataSource } from 'typeorm';
import { loadConfig } from '@family/shared';
import { dataSourceOptions, runMigrations } from '@family/shared/nest';
import { testEnv } from '@family/shared/testing';
import { mediaDatabase } from '../src/data-source';
import { BackupRepository } from '../src/operator/backup.repository';
import { BackupScheduler } from '../src/operator/backup-scheduler';
import { MediaWorkerConfig } from '../src/worker/worker-config';

/** docs/architecture.md "Scheduled backups": a folder that cannot be written is recorded and logged, and that is all. */
describe('a backup folder that cannot be written (real Postgres)', () => {
  let db: DataSource;

  beforeAll(async () => {
    const url = testEnv().DATABASE_URL!;
    await runMigrations(mediaDatabase(url));
    db = new DataSource(dataSourceOptions(mediaDatabase(url)));
    await db.initialize();
  });

  afterAll(async () => {
    await db.destroy();
  });

  it('records a failed run with a sentence at start and at its time, and keeps going', async () => {
    // A folder inside a file can never be made, whoever runs the test (root included).
    const folder = '/dev/null/family-backups';
    const config = loadConfig(MediaWorkerConfig, testEnv({ BACKUP_CRON: '0 3 * * *', BACKUP_DIR: folder }));
    const backups = new BackupRepository(db);
    const scheduler = new BackupScheduler(config, backups);
    await scheduler.onApplicationBootstrap();
    await scheduler.runAt(new Date(Date.UTC(2030, 0, 1, 3)));
    scheduler.onApplicationShutdown();

    const runs = await backups.newest(10);
    const sentence = `The backup folder ${folder} (BACKUP_DIR) cannot be written (ENOTDIR): give the archive's user write access to it, or set BACKUP_DIR to another folder.`;
    expect(runs.slice(0, 2).map((run) => [run.status, run.message, run.folder])).toEqual([
      ['failed', sentence, null],
      ['failed', sentence, null],
    ]);
  });
});
