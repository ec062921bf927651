import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * docs/architecture.md "Who calls whom": each album's preview (its item count and four newest items as
 * `AlbumPreviewItem` JSON), in one table outside every service's schema. Media keeps it by triggers on its items
 * (migration AlbumPreviewRows), in the transaction of every change; albums reads it beside its album list, so
 * albums never calls media for it. An album without items has no row.
 */
export const ALBUM_PREVIEWS_TABLE = 'archive_album_previews.previews';

/** Media and albums run this; the first to start makes the table (as CreateNotifications). */
export class CreateAlbumPreviews1769700000000 implements MigrationInterface {
  name = 'CreateAlbumPreviews1769700000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`SELECT pg_advisory_xact_lock(hashtext('archive_album_previews'))`);
    await db.query(`CREATE SCHEMA IF NOT EXISTS archive_album_previews`);
    await db.query(`
      CREATE TABLE IF NOT EXISTS ${ALBUM_PREVIEWS_TABLE} (
        album_id integer PRIMARY KEY,
        item_count integer NOT NULL,
        items jsonb NOT NULL
      )`);
  }

  async down(): Promise<void> {}
}
