import { ALBUM_PREVIEWS_TABLE } from '@family/shared/nest';

/**
 * Each album's item count and newest items, $1 the album ids, from the rows media keeps in the table both share
 * (docs/architecture.md "Who calls whom"): by primary key, no row for an album without items. Its own module so
 * that `npm run bench` runs this very statement alone, beside the album list through the gateway.
 */
export const ALBUM_PREVIEWS_SQL = `SELECT album_id AS "albumId", item_count AS "itemCount", items
  FROM ${ALBUM_PREVIEWS_TABLE} WHERE album_id = ANY($1::int[])`;
