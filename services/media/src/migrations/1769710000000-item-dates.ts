import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * docs/product.md "Uncertain dates": an item's date may be genealogical text (`ABT 1955`) with its earliest and
 * latest day; `media_date` stays the day it sorts and groups at (the middle), so the list's indexes on
 * (media_date, id) serve uncertain dates unchanged. Existing items keep their exact day (the three columns null).
 * The search by years (`from`, `to`) finds an uncertain date by its span, through this partial index.
 */
export class ItemDates1769710000000 implements MigrationInterface {
  name = 'ItemDates1769710000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE media_items
      ADD COLUMN date_text varchar(100),
      ADD COLUMN date_earliest date,
      ADD COLUMN date_latest date`);
    await db.query(
      `CREATE INDEX media_items_date_span ON media_items (date_earliest, date_latest)
         WHERE date_text IS NOT NULL AND deleted_at IS NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX media_items_date_span`);
    await db.query(`ALTER TABLE media_items DROP COLUMN date_text, DROP COLUMN date_earliest, DROP COLUMN date_latest`);
  }
}
