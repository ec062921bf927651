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
 * What one `GET /api/media?limit=60` asks of the database, as plain SQL on a pool of its own: the person's
 * album rights, the page (what is not in the trash, as the service asks: its partial indexes need it), the page's
 * tags, and the names of everyone on it. The lower bound a list can reach.
 */
export function sqlAlone(databaseUrl, viewerId, limit) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 16 });
  const run = async () => {
    const client = await pool.connect();
    try {
      const { rows: albums } = await client.query(
        `SELECT id FROM albums.albums WHERE created_by = $1
         UNION SELECT album_id FROM albums.album_members WHERE user_id = $1
         UNION SELECT id FROM albums.albums WHERE is_shared`,
        [viewerId],
      );
      const { rows: items } = await client.query(
        `SELECT m.id, m.user_id, m.type, m.title, m.description, m.media_date, m.album_id, m.website_url, m.content,
                m.object_key, m.content_type, m.file_name, m.file_size, m.sha256, m.created_at
           FROM media.media_items m
          WHERE m.deleted_at IS NULL
            AND (m.user_id = $1 OR m.album_id IS NULL OR m.album_id = ANY($2::int[])
                 OR EXISTS (SELECT 1 FROM media.media_tags vt WHERE vt.media_id = m.id AND vt.user_id = $1))
          ORDER BY m.media_date DESC, m.id DESC LIMIT $3`,
        [viewerId, albums.map((row) => row.id), limit],
      );
      const { rows: tags } = await client.query(
        `SELECT media_id, user_id FROM media.media_tags WHERE media_id = ANY($1::int[]) ORDER BY created_at, user_id`,
        [items.map((row) => row.id)],
      );
      const people = [...new Set([...items.map((row) => row.user_id), ...tags.map((row) => row.user_id)])];
      await client.query(
        `SELECT user_id, username, display_name, picture_key, picture_version FROM profile.profiles WHERE user_id = ANY($1::int[])`,
        [people],
      );
      if (items.length !== limit) throw new Error('The plain SQL list came back short.');
    } finally {
      client.release();
    }
  };
  return { run, close: () => pool.end() };
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
