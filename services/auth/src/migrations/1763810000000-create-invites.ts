import type { MigrationInterface, QueryRunner } from 'typeorm';

/** One-time sign-up codes by which a relative without an account becomes that person (only the hash is kept). */
export class CreateInvites1763810000000 implements MigrationInterface {
  name = 'CreateInvites1763810000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE invites (
        id serial PRIMARY KEY,
        person_id int NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        code_hash text NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_by int NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE UNIQUE INDEX invites_code_hash ON invites (code_hash)`);
    await db.query(`CREATE INDEX invites_person_id ON invites (person_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE invites`);
  }
}
