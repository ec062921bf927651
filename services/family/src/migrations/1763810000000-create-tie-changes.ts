import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Who added, changed or removed a tie between two people, when, and the tie before and after. */
export class CreateTieChanges1763810000000 implements MigrationInterface {
  name = 'CreateTieChanges1763810000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE tie_changes (
        id serial PRIMARY KEY,
        relation_id int NOT NULL,
        person_a int NOT NULL,
        person_b int NOT NULL,
        action varchar(10) NOT NULL CHECK (action IN ('add', 'update', 'delete')),
        before jsonb,
        after jsonb,
        changed_by int NOT NULL,
        changed_at timestamptz NOT NULL DEFAULT now()
      )`);
    // A person's history is read from either end.
    await db.query(`CREATE INDEX tie_changes_person_a ON tie_changes (person_a, id)`);
    await db.query(`CREATE INDEX tie_changes_person_b ON tie_changes (person_b, id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE tie_changes`);
  }
}
