import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the media worker makes of each item (docs/architecture.md "Media worker"): its state, why it failed, the
 * size and length as shown, the type of a playback file when one was made, and when. Items that were there before
 * become pending, so the worker's backfill prepares them; documents and posts without a picture need nothing.
 */
export class MediaProcessing1767000000000 implements MigrationInterface {
  name = 'MediaProcessing1767000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE media_items
        ADD COLUMN processing varchar(8) NOT NULL DEFAULT 'pending'
          CHECK (processing IN ('pending', 'ready', 'failed')),
        ADD COLUMN processing_error text,
        ADD COLUMN width int,
        ADD COLUMN height int,
        ADD COLUMN duration_seconds double precision,
        ADD COLUMN playback_type varchar(64),
        ADD COLUMN prepared_at timestamptz,
        ADD COLUMN date_given boolean NOT NULL DEFAULT true`);
    // Only the items with a picture, a video or a sound wait for the worker.
    await db.query(`
      UPDATE media_items SET processing = 'ready'
       WHERE object_key IS NULL OR type NOT IN ('photo', 'video', 'audio', 'post')`);
    // The worker's backfill looks for what is still pending.
    await db.query(`CREATE INDEX media_items_pending ON media_items (id) WHERE processing = 'pending'`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX media_items_pending`);
    await db.query(`
      ALTER TABLE media_items
        DROP COLUMN processing, DROP COLUMN processing_error, DROP COLUMN width, DROP COLUMN height,
        DROP COLUMN duration_seconds, DROP COLUMN playback_type, DROP COLUMN prepared_at, DROP COLUMN date_given`);
  }
}
