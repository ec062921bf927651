import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * docs/architecture.md "Resumable uploads": one row per tus upload, whose bytes live in the upload store (a folder
 * beside the objects, or a bucket of its own in MinIO). The row says whose it is (nobody else reaches it), what
 * the item will be (the checked fields and the people to tag), and once finished how it ended, so a client that
 * lost the final answer can ask. The media worker removes unfinished rows with their bytes after 24 hours.
 */
export class ResumableUploads1769500000000 implements MigrationInterface {
  name = 'ResumableUploads1769500000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE uploads (
        id text PRIMARY KEY,
        user_id int NOT NULL,
        size bigint NOT NULL,
        fields jsonb NOT NULL,
        tagged_user_ids int[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz,
        media_id int,
        existing_media_id int,
        refusal_status int,
        refusal_message text
      )`);
    await db.query(`CREATE INDEX uploads_created_at ON uploads (created_at)`);
    await db.query(`CREATE INDEX uploads_user_id ON uploads (user_id)`);
    // "Just uploaded" (GET /api/media?uploadedSince=): one member's uploads by when they came.
    await db.query(`CREATE INDEX media_items_user_created ON media_items (user_id, created_at DESC, id DESC)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX media_items_user_created`);
    await db.query(`DROP TABLE uploads`);
  }
}
