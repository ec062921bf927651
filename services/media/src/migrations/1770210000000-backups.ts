import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Scheduled backups (docs/architecture.md "Scheduled backups"): one row per time the schedule came, taken by the
 * one worker whose insert won (unique time), with the backup's folder and whether it verified.
 */
export class Backups1770210000000 implements MigrationInterface {
  name = 'Backups1770210000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE backups (
        id serial PRIMARY KEY,
        scheduled_for timestamptz NOT NULL UNIQUE,
        status varchar(8) NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'done', 'failed')),
        started_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz,
        folder text,
        verified boolean,
        message text
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE backups`);
  }
}
