import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Families as genealogy holds them, on the relation rows: a parent or child row is a child tie of one child to
 * one parent (birth, adopted, foster, step); a spouse row is a partnership (married, divorced, widowed,
 * unmarried) with its start (marriage) and end (divorce), and whether it is the current one. Existing rows
 * become birth ties and current marriages. A `kind` of NULL reads as the type's first kind (birth, married).
 */
export class GenealogyTies1763800000000 implements MigrationInterface {
  name = 'GenealogyTies1763800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE relations
        ADD COLUMN kind varchar(10),
        ADD COLUMN is_current boolean NOT NULL DEFAULT true,
        ADD COLUMN start_date varchar(100),
        ADD COLUMN start_earliest date,
        ADD COLUMN start_latest date,
        ADD COLUMN start_place varchar(200),
        ADD COLUMN end_date varchar(100),
        ADD COLUMN end_earliest date,
        ADD COLUMN end_latest date,
        ADD COLUMN end_place varchar(200),
        ADD CONSTRAINT relations_kind CHECK (
          kind IS NULL
          OR (relation_type IN ('parent', 'child') AND kind IN ('birth', 'adopted', 'foster', 'step'))
          OR (relation_type = 'spouse' AND kind IN ('married', 'divorced', 'widowed', 'unmarried'))
        )`);
    await db.query(`
      UPDATE relations SET kind = CASE relation_type WHEN 'spouse' THEN 'married' WHEN 'sibling' THEN NULL ELSE 'birth' END`);
    // One current partnership per person: the service checks it under the people's locks; this finds them fast.
    await db.query(
      `CREATE INDEX relations_current_partnership ON relations (from_user_id, to_user_id) WHERE relation_type = 'spouse' AND is_current`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX relations_current_partnership`);
    await db.query(`
      ALTER TABLE relations
        DROP CONSTRAINT relations_kind, DROP COLUMN kind, DROP COLUMN is_current,
        DROP COLUMN start_date, DROP COLUMN start_earliest, DROP COLUMN start_latest, DROP COLUMN start_place,
        DROP COLUMN end_date, DROP COLUMN end_earliest, DROP COLUMN end_latest, DROP COLUMN end_place`);
  }
}
