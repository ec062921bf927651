import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The trash (docs/architecture.md "Trash"): a deleted item keeps its row, album and tags, with when it was deleted
 * and by whom, until it is restored or purged. The list indexes become partial (`WHERE deleted_at IS NULL`), so
 * every list keeps its keyset index scan however full the trash is; the trash has indexes of its own.
 */
export class Trash1769100000000 implements MigrationInterface {
  name = 'Trash1769100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE media_items ADD COLUMN deleted_at timestamptz, ADD COLUMN deleted_by int`);
    await db.query(`DROP INDEX media_items_date_id, media_items_user_date_id, media_items_album_date_id,
                      media_items_type_date_id`);
    await createListIndexes(db, 'WHERE deleted_at IS NULL');
    // A person's trash, newest deletion first: what they uploaded, and what they deleted of others'.
    await db.query(`CREATE INDEX media_items_trash_uploader ON media_items (user_id, deleted_at DESC, id DESC)
                      WHERE deleted_at IS NOT NULL`);
    await db.query(`CREATE INDEX media_items_trash_deleter ON media_items (deleted_by, deleted_at DESC, id DESC)
                      WHERE deleted_at IS NOT NULL`);
    // The purge job: the oldest deletions first.
    await db.query(
      `CREATE INDEX media_items_trash_expiry ON media_items (deleted_at, id) WHERE deleted_at IS NOT NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DELETE FROM media_items WHERE deleted_at IS NOT NULL`);
    await db.query(`DROP INDEX media_items_date_id, media_items_user_date_id, media_items_album_date_id,
                      media_items_type_date_id, media_items_trash_uploader, media_items_trash_deleter,
                      media_items_trash_expiry`);
    await createListIndexes(db, '');
    await db.query(`ALTER TABLE media_items DROP COLUMN deleted_at, DROP COLUMN deleted_by`);
  }
}

/** Keyset pagination, newest first: the whole archive, one uploader's items, one album's items, one type. */
async function createListIndexes(db: QueryRunner, where: string): Promise<void> {
  await db.query(`CREATE INDEX media_items_date_id ON media_items (media_date DESC, id DESC) ${where}`);
  await db.query(`CREATE INDEX media_items_user_date_id ON media_items (user_id, media_date DESC, id DESC) ${where}`);
  await db.query(`CREATE INDEX media_items_album_date_id ON media_items (album_id, media_date DESC, id DESC) ${where}`);
  await db.query(`CREATE INDEX media_items_type_date_id ON media_items (type, media_date DESC, id DESC) ${where}`);
}
