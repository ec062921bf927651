/**
 * The tree around a person in one statement (RelationRepository.treeAround; docs/architecture.md "People and
 * families"): $1 the root, $2 generations up, $3 generations down. It ends in its select list, so a caller may add
 * columns. Its own module so that `npm run bench` runs the very statement alone, beside the request through the
 * gateway.
 */
export const TREE_AROUND_SQL = `WITH RECURSIVE ancestors(id, depth) AS (
  SELECT $1::int, 0
  UNION
  SELECT p.id, a.depth + 1 FROM ancestors a CROSS JOIN LATERAL (
    SELECT to_user_id AS id FROM relations WHERE from_user_id = a.id AND relation_type = 'parent'
    UNION ALL
    SELECT from_user_id AS id FROM relations WHERE to_user_id = a.id AND relation_type = 'child'
  ) p
  WHERE a.depth < $2
), descendants(id, depth) AS (
  SELECT $1::int, 0
  UNION
  SELECT c.id, d.depth + 1 FROM descendants d CROSS JOIN LATERAL (
    SELECT from_user_id AS id FROM relations WHERE to_user_id = d.id AND relation_type = 'parent'
    UNION ALL
    SELECT to_user_id AS id FROM relations WHERE from_user_id = d.id AND relation_type = 'child'
  ) c
  WHERE d.depth < $3
), parents AS (
  SELECT DISTINCT id FROM ancestors WHERE depth = 1
), core AS (
  SELECT id FROM ancestors
  UNION SELECT id FROM descendants
  UNION SELECT r.from_user_id FROM relations r JOIN parents p ON r.to_user_id = p.id WHERE r.relation_type = 'parent'
  UNION SELECT r.to_user_id FROM relations r JOIN parents p ON r.from_user_id = p.id WHERE r.relation_type = 'child'
  UNION SELECT to_user_id FROM relations WHERE from_user_id = $1 AND relation_type = 'sibling'
  UNION SELECT from_user_id FROM relations WHERE to_user_id = $1 AND relation_type = 'sibling'
), drawn AS (
  SELECT id FROM core
  UNION
  SELECT s.id FROM core c CROSS JOIN LATERAL (
    SELECT to_user_id AS id FROM relations WHERE from_user_id = c.id AND relation_type = 'spouse'
    UNION ALL
    SELECT from_user_id AS id FROM relations WHERE to_user_id = c.id AND relation_type = 'spouse'
  ) s
)
SELECT
  (SELECT array_agg(id ORDER BY id) FROM drawn) AS ids,
  (SELECT json_agg(json_build_array(r.id, r.from_user_id, r.to_user_id, r.relation_type, r.kind, r.is_current,
            r.start_date, r.start_place, r.end_date, r.end_place) ORDER BY r.id)
     FROM drawn f JOIN relations r ON r.from_user_id = f.id
    WHERE r.to_user_id IN (SELECT id FROM drawn)) AS ties`;
