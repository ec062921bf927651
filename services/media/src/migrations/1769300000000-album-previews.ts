import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * docs/architecture.md "Caches": the album list's previews (each album's item count and newest items) are kept by
 * media while the generation `album-previews` in `change_generations` stays the same. A trigger raises it on every
 * change of what a preview shows (an item added, deleted, trashed or restored, moved between albums, renamed,
 * redated, or prepared), so no write path (uploads, the worker, albums, the trash, imports, purges) can forget to.
 * Once per statement: preparing an item raises it once, a purge of thousands once.
 */
export class AlbumPreviews1769300000000 implements MigrationInterface {
  name = 'AlbumPreviews1769300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE FUNCTION album_previews_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        -- In the table's own schema, whatever the writer's search_path.
        EXECUTE format(
          'INSERT INTO %I.change_generations AS g (kind, generation) VALUES (''album-previews'', 1)
           ON CONFLICT (kind) DO UPDATE SET generation = g.generation + 1', TG_TABLE_SCHEMA);
        RETURN NULL;
      END
      $$`);
    await db.query(`
      CREATE TRIGGER album_previews_changed AFTER INSERT OR DELETE OR TRUNCATE
        OR UPDATE OF album_id, media_date, deleted_at, title, type, object_key, processing, thumbnail_ready
        ON media_items FOR EACH STATEMENT EXECUTE FUNCTION album_previews_changed()`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER album_previews_changed ON media_items`);
    await db.query(`DROP FUNCTION album_previews_changed()`);
  }
}
