import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The admin role (docs/rights.md "Admins"): the first member, and whom an admin names. An archive that has
 * members already makes its oldest member admin.
 */
export class AdminRole1770200000000 implements MigrationInterface {
  name = 'AdminRole1770200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE accounts ADD COLUMN admin boolean NOT NULL DEFAULT false`);
    await db.query(
      `UPDATE accounts SET admin = true WHERE id = (SELECT min(id) FROM accounts WHERE username IS NOT NULL)`,
    );
    // The operator's page lists members by id; only members can be admins.
    await db.query(
      `ALTER TABLE accounts ADD CONSTRAINT accounts_admin_is_member CHECK (NOT admin OR username IS NOT NULL)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE accounts DROP COLUMN admin`);
  }
}
