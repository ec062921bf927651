// The large archive the benchmark measures, written straight into the services' schemas with SQL (after the
// services have run their migrations). Only rows: list, tree and album requests never open a file.

const TITLES = [
  'Holiday at the lake',
  'Birthday party',
  "Grandma's garden",
  'School play',
  'First day of school',
  'Christmas dinner',
  'Wedding',
  'Beach trip',
];
/** photo 40 %, video 20 %, audio 10 %, document 20 %, post 10 %. */
const TYPES = ['photo', 'photo', 'photo', 'photo', 'video', 'video', 'audio', 'document', 'document', 'post'];
const CONTENT_TYPES = { photo: 'image/jpeg', video: 'video/mp4', audio: 'audio/mpeg', document: 'application/pdf' };

/** People in the profile directory: all that media, albums and family need to know of someone. */
export async function seedProfiles(db, people) {
  await db.query(
    `INSERT INTO profile.profiles (user_id, username, display_name)
     SELECT * FROM unnest($1::int[], $2::text[], $3::text[])`,
    [people.map((p) => p.id), people.map((p) => p.username), people.map((p) => p.displayName)],
  );
}

/**
 * `count` items in no album (so everyone sees them), spread over 25 years with about eleven per day (ties on
 * the date are broken by id, as the list's keyset does), some with a tag. The title of item n ends in " n".
 */
export async function seedMedia(db, { count, uploaderIds }) {
  await db.query(
    // Prepared long ago, as in a live archive: the media worker has nothing to do for them.
    `INSERT INTO media.media_items
       (user_id, type, title, description, media_date, object_key, content_type, file_name, file_size, content, processing)
     SELECT ($1::int[])[1 + g % cardinality($1::int[])], t.type,
            ($3::text[])[1 + g % cardinality($3::text[])] || ' ' || g,
            CASE WHEN g % 3 = 0 THEN 'A day to remember, number ' || g END,
            DATE '2001-01-01' + ((g::bigint * 7919) % 9131)::int,
            CASE WHEN t.type <> 'post' THEN 'media/bench/' || g END,
            ($5::jsonb) ->> t.type,
            CASE WHEN t.type <> 'post' THEN 'file-' || g END,
            CASE WHEN t.type <> 'post' THEN 100000 + g END,
            CASE WHEN t.type = 'post' THEN 'A few words about the day.' END,
            'ready'
     FROM generate_series(1, $2::int) g
     CROSS JOIN LATERAL (SELECT ($4::text[])[1 + (g / 8) % cardinality($4::text[])] AS type) t`,
    [uploaderIds, count, TITLES, TYPES, JSON.stringify(CONTENT_TYPES)],
  );
  // Every 50th item has a tag, so the lists' tag query and the tagged people's lookup have work to do.
  await db.query(
    `INSERT INTO media.media_tags (media_id, user_id)
     SELECT id, ($1::int[])[1 + (id + 1) % cardinality($1::int[])] FROM media.media_items WHERE id % 50 = 0`,
    [uploaderIds],
  );
}

/** `count` albums shared with the whole family, each with two members and `itemsPerAlbum` photos. */
export async function seedAlbums(db, { count, itemsPerAlbum, creatorIds }) {
  const { rows: albums } = await db.query(
    `INSERT INTO albums.albums (name, description, is_shared, created_by, created_at)
     SELECT 'Album ' || g, 'Photos of album ' || g, true, ($1::int[])[1 + g % cardinality($1::int[])],
            now() - g * interval '1 hour'
     FROM generate_series(1, $2::int) g
     RETURNING id, created_by AS "createdBy"`,
    [creatorIds, count],
  );
  const members = albums.flatMap((album, index) =>
    [1, 2].map((step) => {
      const others = creatorIds.filter((id) => id !== album.createdBy);
      return { albumId: album.id, userId: others[(index + step) % others.length], canEdit: step === 1 };
    }),
  );
  await db.query(
    `INSERT INTO albums.album_members (album_id, user_id, can_edit)
     SELECT * FROM unnest($1::int[], $2::int[], $3::boolean[])`,
    [members.map((m) => m.albumId), members.map((m) => m.userId), members.map((m) => m.canEdit)],
  );
  await db.query(
    `INSERT INTO media.media_items
       (user_id, type, title, media_date, album_id, object_key, content_type, file_name, processing)
     SELECT a.created_by, 'photo', 'Album photo ' || a.id || '-' || k,
            DATE '2020-01-01' + ((a.id * 7 + k) % 2000), a.id, 'media/bench/album-' || a.id || '-' || k,
            'image/jpeg', 'photo.jpg', 'ready'
     FROM unnest($1::int[], $2::int[]) AS a (id, created_by)
     CROSS JOIN generate_series(1, $3::int) k`,
    [albums.map((a) => a.id), albums.map((a) => a.createdBy), itemsPerAlbum],
  );
  return albums.length;
}

/** A small deterministic random number generator (mulberry32), so every run builds the same family. */
function randomSequence(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A family of exactly `people` people and `relations` relations keeping docs/product.md "Family graph rules": founding
 * couples, then generation after generation of 2–3 children per couple (two parents each, written from either
 * side), who marry a child of another couple or someone marrying in (one spouse each); then explicit sibling
 * relations inside each set of children until the count is reached. Parents are always of an earlier generation
 * (nobody is their own ancestor) and no pair of people is related twice.
 */
export function familyGraph({ firstId, people, relations: target, foundingCouples = 16, seed = 20_000 }) {
  const random = randomSequence(seed);
  const ids = [];
  const person = () => {
    const id = firstId + ids.length;
    ids.push(id);
    return id;
  };
  const relations = [];
  const siblingSets = [];
  let couples = [];
  for (let i = 0; i < foundingCouples; i++) {
    const couple = [person(), person()];
    relations.push({ from: couple[0], to: couple[1], type: 'spouse' });
    couples.push(couple);
  }
  while (ids.length < people) {
    const children = [];
    for (const couple of couples) {
      const set = [];
      const count = random() < 0.5 ? 2 : 3;
      for (let k = 0; k < count && ids.length < people; k++) {
        const child = person();
        set.push(child);
        for (const parent of couple) {
          if (random() < 0.5) relations.push({ from: child, to: parent, type: 'parent' });
          else relations.push({ from: parent, to: child, type: 'child' });
        }
        children.push({ id: child, set });
      }
      if (set.length > 1) siblingSets.push(set);
    }
    for (let i = children.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [children[i], children[j]] = [children[j], children[i]];
    }
    couples = [];
    while (children.length > 0 && ids.length < people) {
      const one = children.shift();
      const other = random() < 0.4 ? children.findIndex((candidate) => candidate.set !== one.set) : -1;
      const spouse = other >= 0 ? children.splice(other, 1)[0].id : person();
      relations.push({ from: one.id, to: spouse, type: 'spouse' });
      couples.push([one.id, spouse]);
    }
  }
  // Neighbouring siblings first (every set gets some), then the remaining pairs.
  const near = siblingSets.flatMap((set) => set.slice(1).map((id, i) => [set[i], id]));
  const far = siblingSets.filter((set) => set.length > 2).map((set) => [set[0], set[2]]);
  for (const [from, to] of [...near, ...far]) {
    if (relations.length >= target) break;
    relations.push({ from, to, type: 'sibling' });
  }
  if (ids.length !== people || relations.length !== target) {
    throw new Error(`The family came out as ${ids.length} people and ${relations.length} relations.`);
  }
  return { ids, relations, root: bestConnectedRoot(relations) };
}

/** The person whose tree (their own relations and their parents') has the most rows. */
function bestConnectedRoot(relations) {
  const rowsOf = new Map();
  const parentsOf = new Map();
  relations.forEach((relation, index) => {
    for (const id of [relation.from, relation.to]) rowsOf.set(id, [...(rowsOf.get(id) ?? []), index]);
    const [child, parent] =
      relation.type === 'parent'
        ? [relation.from, relation.to]
        : relation.type === 'child'
          ? [relation.to, relation.from]
          : [];
    if (child) parentsOf.set(child, [...(parentsOf.get(child) ?? []), parent]);
  });
  let best = { id: null, rows: 0 };
  for (const id of rowsOf.keys()) {
    const rows = new Set([id, ...(parentsOf.get(id) ?? [])].flatMap((person) => rowsOf.get(person) ?? []));
    if (rows.size > best.rows) best = { id, rows: rows.size };
  }
  return best;
}

export async function seedFamily(db, graph, createdBy) {
  const { relations } = graph;
  await db.query(
    `INSERT INTO family.relations (from_user_id, to_user_id, relation_type, created_by)
     SELECT f, t, r, $4 FROM unnest($1::int[], $2::int[], $3::text[]) AS x (f, t, r)`,
    [relations.map((r) => r.from), relations.map((r) => r.to), relations.map((r) => r.type), createdBy],
  );
}
