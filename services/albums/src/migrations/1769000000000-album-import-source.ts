import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The archive and album an imported album came from (docs/architecture.md "Takeout import"), unique per creator,
 * so importing the same export again finds the album instead of making a second.
 */
export class AlbumImportSource1769000000000 implements MigrationInterface {
  name = 'AlbumImportSource1769000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE albums ADD COLUMN import_source varchar(200)`);
    await db.query(
      `CREATE UNIQUE INDEX albums_import_source ON albums (created_by, import_source) WHERE import_source IS NOT NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX albums_import_source`);
    await db.query(`ALTER TABLE albums DROP COLUMN import_source`);
  }
}
