// The album list's SQL in a module of its own, so that `npm run bench` runs these very statements alone beside the
// list through the gateway (docs/conventions.md "Benchmarks").

/**
 * The ids of the albums person $1 sees: created, member of, or shared. A union of three index-backed
 * branches (albums_creator_newest, album_members_user, albums_shared_newest) rather than one OR.
 */
export const VISIBLE_IDS = `
  SELECT id FROM albums WHERE created_by = $1
  UNION SELECT album_id FROM album_members WHERE user_id = $1
  UNION SELECT id FROM albums WHERE is_shared`;

/**
 * An album's columns and its members, in the order they joined, as two arrays read on the album_members primary
 * key (ListedAlbum in the repository). The timestamp comes as ISO text from Postgres: parsing 200 dates cost the
 * service more than the rest of the row.
 */
export const LISTED_COLUMNS = `
  a.id, a.name, a.description, a.is_shared AS "isShared", a.created_by AS "createdBy",
  to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
  ARRAY(SELECT m.user_id FROM album_members m WHERE m.album_id = a.id ORDER BY m.added_at, m.user_id) AS "memberIds",
  ARRAY(SELECT m.can_edit FROM album_members m WHERE m.album_id = a.id ORDER BY m.added_at, m.user_id)
    AS "memberCanEdit"`;
