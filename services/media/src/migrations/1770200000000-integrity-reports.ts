import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The integrity check's reports (docs/architecture.md "Integrity"): one row per run, one per finding, each naming
 * the item as it was when found. At most one run waits or runs. The two key indexes let the check ask, a page of
 * stored files at a time, which of them no item names.
 */
export class IntegrityReports1770200000000 implements MigrationInterface {
  name = 'IntegrityReports1770200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE integrity_reports (
        id serial PRIMARY KEY,
        deep boolean NOT NULL,
        requested_by int,
        status varchar(8) NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'running', 'done', 'failed')),
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz,
        finished_at timestamptz,
        items_checked int NOT NULL DEFAULT 0,
        files_checked int NOT NULL DEFAULT 0,
        error text
      )`);
    await db.query(
      `CREATE UNIQUE INDEX integrity_reports_one_unfinished ON integrity_reports ((true)) WHERE status IN ('waiting', 'running')`,
    );
    await db.query(`
      CREATE TABLE integrity_findings (
        id bigserial PRIMARY KEY,
        report_id int NOT NULL REFERENCES integrity_reports (id) ON DELETE CASCADE,
        problem varchar(16) NOT NULL CHECK (problem IN ('missing', 'size', 'sha256', 'orphan', 'remade')),
        media_id int,
        title varchar(200),
        user_id int,
        object_key varchar(512) NOT NULL,
        detail text NOT NULL
      )`);
    await db.query(`CREATE INDEX integrity_findings_report ON integrity_findings (report_id, id)`);
    await db.query(`CREATE INDEX media_items_object_key ON media_items (object_key) WHERE object_key IS NOT NULL`);
    await db.query(
      `CREATE INDEX media_items_motion_object_key ON media_items (motion_object_key) WHERE motion_object_key IS NOT NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX media_items_motion_object_key`);
    await db.query(`DROP INDEX media_items_object_key`);
    await db.query(`DROP TABLE integrity_findings`);
    await db.query(`DROP TABLE integrity_reports`);
  }
}
