import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * GEDCOM imports: one row per upload with its progress and report, and which archive person each record of
 * a file became, so the same file imported again adds nobody (docs/architecture.md#gedcom-import-and-export).
 */
export class GedcomImports1763900000000 implements MigrationInterface {
  name = 'GedcomImports1763900000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE gedcom_imports (
        id serial PRIMARY KEY,
        created_by int NOT NULL,
        file_name varchar(255) NOT NULL,
        file_key text,
        packaging varchar(4) NOT NULL CHECK (packaging IN ('ged', 'zip')),
        status varchar(10) NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
        progress int NOT NULL DEFAULT 0,
        stage varchar(200),
        report jsonb,
        error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      )`);
    await db.query(`CREATE INDEX gedcom_imports_created_by ON gedcom_imports (created_by, id)`);
    // source: the sha256 of the GEDCOM text; record: the file's identifier of the person (I1).
    await db.query(`
      CREATE TABLE gedcom_people (
        source char(64) NOT NULL,
        record varchar(100) NOT NULL,
        person_id int NOT NULL,
        PRIMARY KEY (source, record)
      )`);
    await db.query(`CREATE INDEX gedcom_people_person ON gedcom_people (person_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE gedcom_people`);
    await db.query(`DROP TABLE gedcom_imports`);
  }
}
