import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A memory is on someone's profile (`person_id`) and written by someone (`user_id`): members write on their own,
 * anyone on the profile of a person without an account. Existing memories are on their writer's profile.
 */
export class MemoriesAboutPeople1763820000000 implements MigrationInterface {
  name = 'MemoriesAboutPeople1763820000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE memories ADD COLUMN person_id int REFERENCES profiles (user_id) ON DELETE CASCADE`);
    await db.query(`UPDATE memories SET person_id = user_id`);
    await db.query(`ALTER TABLE memories ALTER COLUMN person_id SET NOT NULL`);
    // A person's memories, newest first (GET /api/memories?userId=); memories_user_newest stays for the writer's.
    await db.query(`CREATE INDEX memories_person_newest ON memories (person_id, created_at DESC, id DESC)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE memories DROP COLUMN person_id`);
  }
}
