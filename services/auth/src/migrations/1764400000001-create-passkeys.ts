import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Passkeys as a second step of signing in (docs/rights.md "Two-step sign-in"): public keys only. */
export class CreatePasskeys1764400000001 implements MigrationInterface {
  name = 'CreatePasskeys1764400000001';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE passkeys (
        id serial PRIMARY KEY,
        account_id int NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        credential_id text NOT NULL,
        public_key bytea NOT NULL,
        counter bigint NOT NULL DEFAULT 0,
        transports text[] NOT NULL DEFAULT '{}',
        name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz
      )`);
    await db.query(`CREATE UNIQUE INDEX passkeys_credential_id ON passkeys (credential_id)`);
    await db.query(`CREATE INDEX passkeys_account_id ON passkeys (account_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE passkeys`);
  }
}
