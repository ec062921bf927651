/**
 * Each album's item count and newest items, only the columns a preview shows: $1 the album ids, $2 how many items
 * each. One statement for any number of albums, each album's count and newest items read on
 * media_items_album_date_id (an album of thousands costs its four rows and an index-only count, not a sort of all
 * its items). An album with no items gives one row with null item columns. Its own module so that `npm run bench`
 * runs this very statement alone, beside the album list through the gateway.
 */
export const ALBUM_PREVIEWS_SQL = `SELECT a.album_id AS "albumId", c.count AS "itemCount", p.id, p.type, p.title,
       p.object_key AS "objectKey", p.processing, p.thumbnail_ready AS "thumbnailReady"
  FROM unnest($1::int[]) AS a (album_id)
 CROSS JOIN LATERAL (
   SELECT count(*)::int AS count FROM media_items WHERE album_id = a.album_id AND deleted_at IS NULL
 ) c
  LEFT JOIN LATERAL (
   SELECT id, type, title, object_key, processing, thumbnail_ready, media_date FROM media_items
    WHERE album_id = a.album_id AND deleted_at IS NULL
    ORDER BY media_date DESC, id DESC LIMIT $2
 ) p ON true
 ORDER BY a.album_id, p.media_date DESC, p.id DESC`;
