import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Whether the upload made the item's thumbnail itself (docs/architecture.md "Media worker"): then the grid shows
 * it while the worker still prepares the rest. Older items were never given one at upload.
 */
export class ThumbnailReady1768000000000 implements MigrationInterface {
  name = 'ThumbnailReady1768000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE media_items ADD COLUMN thumbnail_ready boolean NOT NULL DEFAULT false`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE media_items DROP COLUMN thumbnail_ready`);
  }
}
