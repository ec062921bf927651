// The concurrency section of `npm run bench` (docs/conventions.md "Benchmarks"): what the hops between the
// browser, the gateway and the services cost on top of the database work, under load; CPU per request of every
// process; several large uploads at once against a plain loopback copy; the gallery's first visit in Chromium.
import fs from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { percentile } from './measure.mjs';

/** How long each load level runs, after a short warm-up. */
const LEVEL_MS = 4_000;
const WARMUP_MS = 600;
const TICKS_PER_SECOND = 100;

/**
 * `clients` loops running `run` back to back for `ms` milliseconds after a warm-up: p50, p95 and requests per
 * second over all of them. `run` answers nothing or throws; a throw fails the benchmark.
 */
export async function underLoad(clients, run, ms = LEVEL_MS) {
  const samples = [];
  let measuring = false;
  let stopAt = Infinity;
  const loop = async (client) => {
    while (performance.now() < stopAt) {
      const started = performance.now();
      await run(client);
      if (measuring && performance.now() <= stopAt) samples.push(performance.now() - started);
    }
  };
  const warmupEnds = performance.now() + WARMUP_MS;
  stopAt = warmupEnds + ms;
  setTimeout(() => (measuring = true), WARMUP_MS);
  const started = performance.now();
  await Promise.all(Array.from({ length: clients }, (_, client) => loop(client)));
  const seconds = (performance.now() - started - WARMUP_MS) / 1000;
  return {
    clients,
    p50: percentile(samples, 0.5),
    p95: percentile(samples, 0.95),
    perSecond: samples.length / seconds,
    requests: samples.length,
  };
}

/** CPU time (user + system) a process has used so far, in milliseconds, from /proc/<pid>/stat. */
export function cpuMs(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: count fields after its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return NaN;
  }
}

/** CPU milliseconds per request of each named group of processes while `work` runs `requests()` requests. */
export async function cpuPerRequest(groups, work) {
  const before = Object.fromEntries(
    Object.entries(groups).map(([name, pids]) => [name, pids.map((pid) => cpuMs(pid))]),
  );
  const result = await work();
  const perRequest = {};
  for (const [name, pids] of Object.entries(groups)) {
    const used = pids.reduce((sum, pid, i) => sum + (cpuMs(pid) - before[name][i] || 0), 0);
    perRequest[name] = used / result.requests;
  }
  return { result, perRequest };
}

/** The Postgres backends serving one database (the services' pools keep theirs open). */
export async function postgresBackends(db, databaseName) {
  const { rows } = await db.query(`SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [
    databaseName,
  ]);
  return rows.map((row) => row.pid);
}

/**
 * A pool of its own on the benchmark's database, for the SQL alone: it reads the services' schemas by their tables'
 * plain names, as each service does (no two of these tables share a name), so the services' own statements run as
 * they are. Each request runs its statements on one connection.
 */
export function sqlPool(databaseUrl) {
  return new pg.Pool({
    connectionString: databaseUrl,
    max: 16,
    options: '-c search_path=albums,media,family,profile',
  });
}

/** Runs `statements(client)` on one connection of the pool. */
async function onOneConnection(pool, statements) {
  const client = await pool.connect();
  try {
    await statements(client);
  } finally {
    client.release();
  }
}

/** The names of the people a list shows, as profile's directory reads them. */
const PEOPLE_SQL = `SELECT user_id, username, display_name, picture_key, picture_version FROM profiles
                     WHERE user_id = ANY($1::int[])`;

/**
 * What one `GET /api/media?limit=60` asks of the database, as plain SQL: the person's album rights, the page (what
 * is not in the trash, as the service asks: its partial indexes need it), the page's tags, and the names of
 * everyone on it. The lower bound a list can reach: the services keep the rights and the names between requests.
 * With `taggedUserId`, `GET /api/media/tagged?userId=`: the same, only items that person is tagged in.
 */
export function mediaListAlone(pool, { viewerId, limit, taggedUserId }) {
  const taggedOnly =
    taggedUserId === undefined
      ? ''
      : 'AND EXISTS (SELECT 1 FROM media_tags tt WHERE tt.media_id = m.id AND tt.user_id = $4)';
  return () =>
    onOneConnection(pool, async (client) => {
      const { rows: albums } = await client.query(
        `SELECT id FROM albums WHERE created_by = $1
       UNION SELECT album_id FROM album_members WHERE user_id = $1
       UNION SELECT id FROM albums WHERE is_shared`,
        [viewerId],
      );
      const { rows: items } = await client.query(
        `SELECT m.id, m.user_id, m.type, m.title, m.description, m.media_date, m.album_id, m.website_url, m.content,
                m.object_key, m.file_name, m.file_size, m.created_at, m.processing, m.processing_error, m.width,
                m.height, m.duration_seconds, m.thumbnail_ready
           FROM media_items m
          WHERE m.deleted_at IS NULL
            AND (m.user_id = $1 OR m.album_id IS NULL OR m.album_id = ANY($2::int[])
                 OR EXISTS (SELECT 1 FROM media_tags vt WHERE vt.media_id = m.id AND vt.user_id = $1))
            ${taggedOnly}
          ORDER BY m.media_date DESC, m.id DESC LIMIT $3`,
        [viewerId, albums.map((row) => row.id), limit, ...(taggedUserId === undefined ? [] : [taggedUserId])],
      );
      const { rows: tags } = await client.query(
        `SELECT media_id, user_id FROM media_tags WHERE media_id = ANY($1::int[]) ORDER BY created_at, user_id`,
        [items.map((row) => row.id)],
      );
      const people = new Set([...items.map((row) => row.user_id), ...tags.map((row) => row.user_id)]);
      await client.query(PEOPLE_SQL, [[...people]]);
      if (items.length !== limit) throw new Error('The plain SQL list came back short.');
    });
}

/**
 * What one `GET /api/albums` asks of the database: albums' own statement (every album the person sees, with its
 * members), the album preview rows media keeps (each album's count and four newest items), and the names of the
 * creators and members. The statements are the services' own (services/albums `*.sql.js`, built by `npm run build`).
 */
export async function albumListAlone(pool, { viewerId, albums: expected }) {
  const { LISTED_COLUMNS, VISIBLE_IDS } = await import('../../services/albums/dist/repositories/album-list.sql.js');
  const { ALBUM_PREVIEWS_SQL } = await import('../../services/albums/dist/repositories/album-previews.sql.js');
  return () =>
    onOneConnection(pool, async (client) => {
      const { rows: albums } = await client.query(
        `SELECT ${LISTED_COLUMNS} FROM albums a WHERE a.id IN (${VISIBLE_IDS}) ORDER BY a.created_at DESC, a.id DESC`,
        [viewerId],
      );
      await client.query(ALBUM_PREVIEWS_SQL, [albums.map((album) => album.id)]);
      const people = new Set(albums.flatMap((album) => [album.createdBy, ...album.memberIds]));
      await client.query(PEOPLE_SQL, [[...people]]);
      if (albums.length < expected) throw new Error('The plain SQL album list came back short.');
    });
}

/**
 * What one `GET /api/family/tree/{id}?up=N&down=N` (the tree as drawn) asks of the database: family's own statement
 * for who is drawn and every tie among them, and profile's for their names, sex, births and deaths.
 */
export async function familyTreeAlone(pool, { rootId, depth, people: expected }) {
  const { TREE_AROUND_SQL } = await import('../../services/family/dist/repositories/tree-around.sql.js');
  return () =>
    onOneConnection(pool, async (client) => {
      const { rows } = await client.query(TREE_AROUND_SQL, [rootId, depth, depth]);
      const ids = rows[0].ids;
      await client.query(
        `SELECT user_id, username, display_name, picture_key, picture_version, given_name, surname, sex, birth_date,
              birth_place, died, death_date, death_place
         FROM profiles WHERE user_id = ANY($1::int[])`,
        [ids],
      );
      if (ids.length !== expected) throw new Error(`The plain SQL tree drew ${ids.length} people, not ${expected}.`);
    });
}

/** Sends `body` (an async iterable of Buffers) to a server on loopback that only counts the bytes. */
export async function loopbackSink() {
  const server = http.createServer((req, res) => {
    let bytes = 0;
    req.on('data', (chunk) => (bytes += chunk.length));
    req.on('end', () => res.end(String(bytes)));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}/`;
  return { url, close: () => new Promise((resolve) => server.close(resolve)) };
}

/**
 * The gallery's first visit in Chromium, signed in, with an empty cache: the JavaScript the page fetched and its
 * size on the wire (transfer sizes, headers included), and the Content-Encoding each script came with.
 */
export async function firstVisit(chromiumPath, baseUrl, cookie) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: ['--no-sandbox'] });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const [name, value] = cookie.split(';')[0].split('=');
    await context.addCookies([{ name, value, url: baseUrl }]);
    const page = await context.newPage();
    const encodings = new Map();
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.endsWith('.js'))
        encodings.set(response.url(), response.headers()['content-encoding'] ?? 'none');
    });
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        .map((entry) => ({ url: entry.name, transfer: entry.transferSize, decoded: entry.decodedBodySize })),
    );
    return {
      files: scripts.length,
      transferBytes: scripts.reduce((sum, script) => sum + script.transfer, 0),
      decodedBytes: scripts.reduce((sum, script) => sum + script.decoded, 0),
      encodings: [...new Set(encodings.values())],
    };
  } finally {
    await browser.close();
  }
}
