import { loadConfig } from '@family/shared';
import { testEnv } from '@family/shared/testing';
import { MediaConfig } from '../config';
import { MediaWorkerConfig } from '../worker/worker-config';

describe('scheduled backups in the configuration (docs/architecture.md "Scheduled backups")', () => {
  it.each([MediaConfig, MediaWorkerConfig])(
    '%p stops the start with a sentence for a BACKUP_CRON that is no cron expression',
    (Config) => {
      for (const cron of ['every night', '0 3 * *', '61 3 * * *', '* * * * * * *']) {
        expect(() => loadConfig(Config, testEnv({ BACKUP_CRON: cron, BACKUP_DIR: '/tmp/b' }))).toThrow(
          'BACKUP_CRON: BACKUP_CRON must be a cron expression such as "0 3 * * *" (every day at 03:00 UTC)',
        );
      }
    },
  );

  it('takes five or six fields, needs BACKUP_DIR with them, and keeps 7 by default', () => {
    const config = loadConfig(MediaWorkerConfig, testEnv({ BACKUP_CRON: '0 3 * * *', BACKUP_DIR: '/tmp/b' }));
    expect([config.BACKUP_CRON, config.BACKUP_DIR, config.BACKUP_KEEP]).toEqual(['0 3 * * *', '/tmp/b', 7]);
    expect(loadConfig(MediaWorkerConfig, testEnv({ BACKUP_CRON: '*/5 * * * * *', BACKUP_DIR: '/b' })).BACKUP_CRON).toBe(
      '*/5 * * * * *',
    );
    expect(() => loadConfig(MediaWorkerConfig, testEnv({ BACKUP_CRON: '0 3 * * *' }))).toThrow(
      'BACKUP_DIR must name the folder scheduled backups go to (BACKUP_CRON is set)',
    );
    expect(() => loadConfig(MediaWorkerConfig, testEnv({ BACKUP_KEEP: '0' }))).toThrow(
      'BACKUP_KEEP must be a whole number of backups from 1 to 1000',
    );
    // Empty (as compose passes an unset variable) is off.
    expect(loadConfig(MediaWorkerConfig, testEnv({ BACKUP_CRON: '', BACKUP_DIR: '' })).BACKUP_CRON).toBeUndefined();
  });
});
