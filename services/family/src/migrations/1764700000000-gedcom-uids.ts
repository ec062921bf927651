import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Stable GEDCOM identifiers (docs/architecture.md#gedcom-import-and-export): this archive's own random namespace,
 * from which every exported person's UID is made, and the UIDs other programs gave the people imported from them.
 */
export class GedcomUids1764700000000 implements MigrationInterface {
  name = 'GedcomUids1764700000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE gedcom_archive (
        single boolean PRIMARY KEY DEFAULT true CHECK (single),
        namespace uuid NOT NULL
      )`);
    await db.query(`INSERT INTO gedcom_archive (namespace) VALUES (gen_random_uuid())`);
    await db.query(`
      CREATE TABLE gedcom_uids (
        uid varchar(100) PRIMARY KEY,
        person_id int NOT NULL
      )`);
    await db.query(`CREATE INDEX gedcom_uids_person ON gedcom_uids (person_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE gedcom_uids`);
    await db.query(`DROP TABLE gedcom_archive`);
  }
}
