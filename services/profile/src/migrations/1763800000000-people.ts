import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * People without accounts and what genealogy holds of a person. A person without an account has no username.
 * Dates are kept as written (genealogical text) with the earliest and latest day they can mean, for sorting.
 * `name_search` holds every name lower-cased, with a trigram index so any part of a name is found fast.
 */
export class People1763800000000 implements MigrationInterface {
  name = 'People1763800000000';

  async up(db: QueryRunner): Promise<void> {
    // The extension may already be installed, in whatever schema: its operator class is named by that schema.
    // Services start together and may create the extension at the same moment: one at a time (held to commit).
    await db.query(`SELECT pg_advisory_xact_lock(hashtext('family-archive:create-extension'))`);
    await db.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`);
    const [trgm] = (await db.query(
      `SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`,
    )) as Array<{ schema: string }>;
    await db.query(`ALTER TABLE profiles ALTER COLUMN username DROP NOT NULL`);
    await db.query(`
      ALTER TABLE profiles
        ADD COLUMN given_name varchar(120),
        ADD COLUMN surname varchar(120),
        ADD COLUMN sex char(1) NOT NULL DEFAULT 'U' CHECK (sex IN ('F', 'M', 'X', 'U')),
        ADD COLUMN birth_date varchar(100),
        ADD COLUMN birth_earliest date,
        ADD COLUMN birth_latest date,
        ADD COLUMN birth_place varchar(200),
        ADD COLUMN died boolean NOT NULL DEFAULT false,
        ADD COLUMN death_date varchar(100),
        ADD COLUMN death_earliest date,
        ADD COLUMN death_latest date,
        ADD COLUMN death_place varchar(200),
        ADD COLUMN name_search text GENERATED ALWAYS AS (
          lower(display_name || ' ' || coalesce(given_name, '') || ' ' || coalesce(surname, '') || ' ' ||
                coalesce(username, ''))
        ) STORED`);
    await db.query(
      `CREATE INDEX profiles_name_search ON profiles USING gin (name_search "${trgm!.schema}".gin_trgm_ops)`,
    );
    // The order of GET /api/people and GET /api/users, and its keyset.
    await db.query(`CREATE INDEX profiles_display_name_order ON profiles (lower(display_name), user_id)`);
    await db.query(`
      CREATE TABLE person_changes (
        id serial PRIMARY KEY,
        person_id int NOT NULL,
        action varchar(10) NOT NULL CHECK (action IN ('create', 'update', 'undo')),
        before jsonb NOT NULL,
        after jsonb NOT NULL,
        changed_by int,
        changed_at timestamptz NOT NULL DEFAULT now(),
        undone_by int
      )`);
    await db.query(`CREATE INDEX person_changes_person ON person_changes (person_id, id DESC)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE person_changes`);
    await db.query(`DELETE FROM profiles WHERE username IS NULL`);
    await db.query(`DROP INDEX profiles_display_name_order`);
    await db.query(`
      ALTER TABLE profiles
        DROP COLUMN name_search, DROP COLUMN given_name, DROP COLUMN surname, DROP COLUMN sex,
        DROP COLUMN birth_date, DROP COLUMN birth_earliest, DROP COLUMN birth_latest, DROP COLUMN birth_place,
        DROP COLUMN died, DROP COLUMN death_date, DROP COLUMN death_earliest, DROP COLUMN death_latest,
        DROP COLUMN death_place`);
    await db.query(`ALTER TABLE profiles ALTER COLUMN username SET NOT NULL`);
  }
}
