import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateAccounts1763770000000 implements MigrationInterface {
  name = 'CreateAccounts1763770000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE accounts (
        id serial PRIMARY KEY,
        username varchar(40) NOT NULL,
        password_hash text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE UNIQUE INDEX accounts_username_lower ON accounts (lower(username))`);
    await db.query(`
      CREATE TABLE reset_codes (
        id serial PRIMARY KEY,
        account_id int NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        code_hash text NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX reset_codes_account_id ON reset_codes (account_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE reset_codes`);
    await db.query(`DROP TABLE accounts`);
  }
}
