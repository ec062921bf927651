import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ALBUM_PREVIEWS_TABLE } from '@family/shared/nest';

/** What a preview shows of an item changes with these columns (docs/architecture.md "Who calls whom"). */
const SHOWN = ['album_id', 'media_date', 'deleted_at', 'title', 'type', 'object_key', 'processing', 'thumbnail_ready'];

/**
 * docs/architecture.md "Who calls whom": media keeps each album's preview row (ALBUM_PREVIEWS_TABLE) by triggers
 * on `media_items`, once per statement, for the albums the statement touched, so no write path (uploads, the
 * worker, bulk moves, the trash, imports, purges) can forget it, and albums reads it without calling media. The
 * thumbnail address follows `thumbnailShown` (dtos/media.dto.ts). Each album is locked for its refresh until the
 * writer's transaction ends, and counted after the lock, so two writers at once cannot leave a count that misses
 * the other's change. Triggers with transition tables take no column list: the update trigger compares the rows.
 * Albums no longer asks media for previews, so the generation `album-previews` goes.
 */
export class AlbumPreviewRows1769710000000 implements MigrationInterface {
  name = 'AlbumPreviewRows1769710000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER IF EXISTS album_previews_changed ON media_items`);
    await db.query(`DROP FUNCTION IF EXISTS album_previews_changed()`);
    await db.query(`DELETE FROM change_generations WHERE kind = 'album-previews'`);
    await db.query(`
      CREATE FUNCTION refresh_album_previews(ids int[]) RETURNS void LANGUAGE sql
      SET search_path FROM CURRENT AS $$
        SELECT pg_advisory_xact_lock(hashtext('album-preview'), album_id)
          FROM (SELECT DISTINCT album_id FROM unnest(ids) AS a (album_id) WHERE album_id IS NOT NULL ORDER BY 1) a;
        DELETE FROM ${ALBUM_PREVIEWS_TABLE} p WHERE p.album_id = ANY(ids)
           AND NOT EXISTS (SELECT 1 FROM media_items m WHERE m.album_id = p.album_id AND m.deleted_at IS NULL);
        INSERT INTO ${ALBUM_PREVIEWS_TABLE} (album_id, item_count, items)
        SELECT a.album_id, c.count, n.items
          FROM (SELECT DISTINCT album_id FROM unnest(ids) AS u (album_id) WHERE album_id IS NOT NULL) a
         CROSS JOIN LATERAL (
           SELECT count(*)::int AS count FROM media_items WHERE album_id = a.album_id AND deleted_at IS NULL
         ) c
         CROSS JOIN LATERAL (
           SELECT coalesce(jsonb_agg(jsonb_build_object(
                    'id', i.id, 'type', i.type, 'title', i.title,
                    'thumbnailUrl', CASE
                      WHEN i.object_key IS NOT NULL AND i.type IN ('photo', 'post', 'video')
                       AND (i.processing = 'ready' OR (i.processing = 'pending' AND i.thumbnail_ready))
                      THEN '/api/media/' || i.id || '/thumbnail' END)
                  ORDER BY i.media_date DESC, i.id DESC), '[]'::jsonb) AS items
             FROM (SELECT id, type, title, object_key, processing, thumbnail_ready, media_date FROM media_items
                    WHERE album_id = a.album_id AND deleted_at IS NULL
                    ORDER BY media_date DESC, id DESC LIMIT 4) i
         ) n
         WHERE c.count > 0
        ON CONFLICT (album_id) DO UPDATE SET item_count = EXCLUDED.item_count, items = EXCLUDED.items;
      $$`);
    await db.query(`
      CREATE FUNCTION album_preview_rows_added() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
      BEGIN
        PERFORM refresh_album_previews(ARRAY(SELECT album_id FROM added WHERE album_id IS NOT NULL));
        RETURN NULL;
      END $$`);
    await db.query(`
      CREATE FUNCTION album_preview_rows_removed() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
      BEGIN
        PERFORM refresh_album_previews(ARRAY(SELECT album_id FROM removed WHERE album_id IS NOT NULL));
        RETURN NULL;
      END $$`);
    const before = `(${SHOWN.map((column) => `o.${column}`).join(', ')})`;
    const after = `(${SHOWN.map((column) => `n.${column}`).join(', ')})`;
    await db.query(`
      CREATE FUNCTION album_preview_rows_changed() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
      BEGIN
        PERFORM refresh_album_previews(ARRAY(
          SELECT unnest(ARRAY[o.album_id, n.album_id]) FROM removed o JOIN added n ON n.id = o.id
           WHERE ${before} IS DISTINCT FROM ${after}));
        RETURN NULL;
      END $$`);
    await db.query(`
      CREATE FUNCTION album_preview_rows_emptied() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
      BEGIN
        DELETE FROM ${ALBUM_PREVIEWS_TABLE};
        RETURN NULL;
      END $$`);
    await db.query(`CREATE TRIGGER album_preview_rows_added AFTER INSERT ON media_items
      REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION album_preview_rows_added()`);
    await db.query(`CREATE TRIGGER album_preview_rows_removed AFTER DELETE ON media_items
      REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION album_preview_rows_removed()`);
    await db.query(`CREATE TRIGGER album_preview_rows_changed AFTER UPDATE ON media_items
      REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION album_preview_rows_changed()`);
    await db.query(`CREATE TRIGGER album_preview_rows_emptied AFTER TRUNCATE ON media_items
      FOR EACH STATEMENT EXECUTE FUNCTION album_preview_rows_emptied()`);
    // The albums that hold items now.
    await db.query(
      `SELECT refresh_album_previews(ARRAY(SELECT DISTINCT album_id FROM media_items WHERE album_id IS NOT NULL))`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    for (const name of ['added', 'removed', 'changed', 'emptied']) {
      await db.query(`DROP TRIGGER album_preview_rows_${name} ON media_items`);
      await db.query(`DROP FUNCTION album_preview_rows_${name}()`);
    }
    await db.query(`DROP FUNCTION refresh_album_previews(int[])`);
  }
}
