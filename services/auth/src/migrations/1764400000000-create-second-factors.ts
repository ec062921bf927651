import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two-step sign-in (docs/rights.md "Two-step sign-in"): a member's authenticator secret, encrypted, with the last
 * time step accepted so a code is never taken twice; and their one-time recovery codes, only as hashes.
 */
export class CreateSecondFactors1764400000000 implements MigrationInterface {
  name = 'CreateSecondFactors1764400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE totp_factors (
        account_id int PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
        secret text NOT NULL,
        confirmed_at timestamptz,
        last_time_step bigint,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`
      CREATE TABLE recovery_codes (
        id serial PRIMARY KEY,
        account_id int NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        code_hash text NOT NULL,
        used_at timestamptz
      )`);
    await db.query(`CREATE INDEX recovery_codes_account_id ON recovery_codes (account_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE recovery_codes`);
    await db.query(`DROP TABLE totp_factors`);
  }
}
