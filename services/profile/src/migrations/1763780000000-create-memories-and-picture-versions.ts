import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateMemoriesAndPictureVersions1763780000000 implements MigrationInterface {
  name = 'CreateMemoriesAndPictureVersions1763780000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE memories (
        id serial PRIMARY KEY,
        user_id int NOT NULL REFERENCES profiles (user_id) ON DELETE CASCADE,
        title varchar(200) NOT NULL,
        content text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // A person's memories, newest first (GET /api/memories?userId=).
    await db.query(`CREATE INDEX memories_user_newest ON memories (user_id, created_at DESC, id DESC)`);
    // Every stored picture gets a number no other upload ever had: its object key and URL never repeat,
    // so two uploads at once can't write the same object and a cached picture URL never changes meaning.
    await db.query(`CREATE SEQUENCE picture_versions AS int`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP SEQUENCE picture_versions`);
    await db.query(`DROP TABLE memories`);
  }
}
