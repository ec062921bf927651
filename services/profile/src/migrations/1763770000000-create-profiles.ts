import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateProfiles1763770000000 implements MigrationInterface {
  name = 'CreateProfiles1763770000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE profiles (
        user_id int PRIMARY KEY,
        username varchar(40) NOT NULL,
        display_name varchar(80) NOT NULL,
        email varchar(254),
        date_of_birth date,
        story text,
        picture_key text,
        picture_version int NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE UNIQUE INDEX profiles_username_lower ON profiles (lower(username))`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE profiles`);
  }
}
