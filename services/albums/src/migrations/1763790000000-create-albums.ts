import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateAlbums1763790000000 implements MigrationInterface {
  name = 'CreateAlbums1763790000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE albums (
        id serial PRIMARY KEY,
        name varchar(100) NOT NULL,
        description text,
        is_shared boolean NOT NULL DEFAULT false,
        created_by int NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // The three ways to see an album (docs/rights.md "Album visibility"), each with its own index, newest first:
    // the albums one created (also GET /api/albums?userId=), the shared ones, and memberships.
    await db.query(`CREATE INDEX albums_creator_newest ON albums (created_by, created_at DESC, id DESC)`);
    await db.query(`CREATE INDEX albums_shared_newest ON albums (created_at DESC, id DESC) WHERE is_shared`);
    await db.query(`
      CREATE TABLE album_members (
        album_id int NOT NULL REFERENCES albums (id) ON DELETE CASCADE,
        user_id int NOT NULL,
        can_edit boolean NOT NULL DEFAULT false,
        added_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (album_id, user_id)
      )`);
    await db.query(`CREATE INDEX album_members_user ON album_members (user_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE album_members`);
    await db.query(`DROP TABLE albums`);
  }
}
