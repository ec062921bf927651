import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * docs/architecture.md "Motion and Live Photos": a photo may carry a short motion clip. `motion_type` is the type of
 * the playable motion the worker made (null when none). An iPhone Live Photo's MOV is kept as the item's second
 * original (`motion_object_key` and its name, size, type and sha256); `live_id` is the Apple content identifier
 * that pairs the photo and the MOV, unique per uploader so two uploads of a pair at once meet in one row.
 */
export class MotionPhotos1769510000000 implements MigrationInterface {
  name = 'MotionPhotos1769510000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE media_items
      ADD COLUMN motion_type varchar(64),
      ADD COLUMN live_id varchar(100),
      ADD COLUMN motion_object_key varchar(512),
      ADD COLUMN motion_content_type varchar(255),
      ADD COLUMN motion_file_name varchar(255),
      ADD COLUMN motion_file_size bigint,
      ADD COLUMN motion_sha256 char(64)`);
    await db.query(
      `CREATE UNIQUE INDEX media_items_live_id ON media_items (user_id, live_id) WHERE live_id IS NOT NULL`,
    );
    // The dedupe of uploads looks for a Live Photo's MOV too.
    await db.query(
      `CREATE INDEX media_items_motion_sha256 ON media_items (user_id, motion_sha256) WHERE motion_sha256 IS NOT NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX media_items_motion_sha256`);
    await db.query(`DROP INDEX media_items_live_id`);
    await db.query(`ALTER TABLE media_items DROP COLUMN motion_type, DROP COLUMN live_id,
      DROP COLUMN motion_object_key, DROP COLUMN motion_content_type, DROP COLUMN motion_file_name,
      DROP COLUMN motion_file_size, DROP COLUMN motion_sha256`);
  }
}
