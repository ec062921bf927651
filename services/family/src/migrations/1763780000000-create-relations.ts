import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateRelations1763780000000 implements MigrationInterface {
  name = 'CreateRelations1763780000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE relations (
        id serial PRIMARY KEY,
        from_user_id int NOT NULL,
        to_user_id int NOT NULL,
        relation_type varchar(10) NOT NULL CHECK (relation_type IN ('parent', 'child', 'sibling', 'spouse')),
        created_by int NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK (from_user_id <> to_user_id)
      )`);
    // Every read starts from one person, on either end of a row.
    await db.query(`CREATE INDEX relations_from_user_id ON relations (from_user_id)`);
    await db.query(`CREATE INDEX relations_to_user_id ON relations (to_user_id)`);
    // One relation per pair of people, whichever way round it was added.
    await db.query(
      `CREATE UNIQUE INDEX relations_pair ON relations (LEAST(from_user_id, to_user_id), GREATEST(from_user_id, to_user_id))`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE relations`);
  }
}
