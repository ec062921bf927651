import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * docs/architecture.md "Browsing": "On this day" finds items by day and month through an index, and every change
 * that can move an item between months or change who sees it raises the generation `media-items` in
 * `change_generations`, so the months kept per person are used only while nothing changed. A trigger raises it,
 * so no write path (uploads, the worker's dates, albums, tags, the trash, purges) can forget to.
 */
export class Browse1769200000000 implements MigrationInterface {
  name = 'Browse1769200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE INDEX media_items_month_day ON media_items
         ((EXTRACT(MONTH FROM media_date)::int), (EXTRACT(DAY FROM media_date)::int), media_date DESC, id DESC)
         WHERE deleted_at IS NULL`,
    );
    await db.query(`
      CREATE FUNCTION media_items_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        -- In the table's own schema, whatever the writer's search_path.
        EXECUTE format(
          'INSERT INTO %I.change_generations AS g (kind, generation) VALUES (''media-items'', 1)
           ON CONFLICT (kind) DO UPDATE SET generation = g.generation + 1', TG_TABLE_SCHEMA);
        RETURN NULL;
      END
      $$`);
    // Once per statement, not per row: a purge of thousands of items raises it once.
    await db.query(`
      CREATE TRIGGER media_items_changed AFTER INSERT OR DELETE OR TRUNCATE
        OR UPDATE OF media_date, album_id, user_id, deleted_at ON media_items
        FOR EACH STATEMENT EXECUTE FUNCTION media_items_changed()`);
    await db.query(`
      CREATE TRIGGER media_tags_changed AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE ON media_tags
        FOR EACH STATEMENT EXECUTE FUNCTION media_items_changed()`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER media_tags_changed ON media_tags`);
    await db.query(`DROP TRIGGER media_items_changed ON media_items`);
    await db.query(`DROP FUNCTION media_items_changed()`);
    await db.query(`DROP INDEX media_items_month_day`);
  }
}
