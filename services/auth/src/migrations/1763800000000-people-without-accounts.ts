import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One row per person: a person without an account (a relative who never signed up) has neither username nor
 * password, so members and relatives share one id space and an invite can turn the row into an account.
 */
export class PeopleWithoutAccounts1763800000000 implements MigrationInterface {
  name = 'PeopleWithoutAccounts1763800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE accounts ALTER COLUMN username DROP NOT NULL`);
    await db.query(`ALTER TABLE accounts ALTER COLUMN password_hash DROP NOT NULL`);
    await db.query(
      `ALTER TABLE accounts ADD CONSTRAINT accounts_member_has_both CHECK ((username IS NULL) = (password_hash IS NULL))`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DELETE FROM accounts WHERE username IS NULL`);
    await db.query(`ALTER TABLE accounts DROP CONSTRAINT accounts_member_has_both`);
    await db.query(`ALTER TABLE accounts ALTER COLUMN password_hash SET NOT NULL`);
    await db.query(`ALTER TABLE accounts ALTER COLUMN username SET NOT NULL`);
  }
}
