// The takeout export's rows (docs/conventions.md "Benchmarks"): one member's export of BENCH_TAKEOUT_ITEMS items
// (10,000 by default) of BENCH_TAKEOUT_ITEM_KB each (200 KB: 2 GB of originals), its speed in MB/s, the peak
// memory of every process while it is written (each at most 200 MB), and the time to the first byte of the
// download. `BENCH_TAKEOUT_ITEMS=500` makes a quick run.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { MB, sampleMemory } from './measure.mjs';

const ITEMS = Number(process.env.BENCH_TAKEOUT_ITEMS ?? 10_000);
const ITEM_BYTES = Number(process.env.BENCH_TAKEOUT_ITEM_KB ?? 200) * 1024;
const BUDGETS = { rssMB: 200, firstByteMs: 1000 };
const PROCESSES = ['gateway', 'auth', 'profile', 'media', 'albums', 'family', 'media-worker', 'family-worker'];
const SEED_BATCH = 1000;

const round = (value, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Writes the originals straight into the stack's storage folder and their rows into media, as uploads leave them. */
async function seedOriginals(db, stack, userId, log) {
  const folder = path.join(stack.storageDir, 'media', 'takeout-bench');
  fs.mkdirSync(folder, { recursive: true });
  for (let start = 0; start < ITEMS; start += SEED_BATCH) {
    const keys = [];
    const hashes = [];
    const count = Math.min(SEED_BATCH, ITEMS - start);
    for (let i = start; i < start + count; i++) {
      const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(ITEM_BYTES - 9)]);
      fs.writeFileSync(path.join(folder, String(i)), bytes);
      keys.push(`media/takeout-bench/${i}`);
      hashes.push(createHash('sha256').update(bytes).digest('hex'));
    }
    await db.query(
      `INSERT INTO media.media_items
         (user_id, type, title, media_date, object_key, content_type, file_name, file_size, sha256, processing)
       SELECT $1, 'document', 'Letter ' || k.n, DATE '1990-01-01' + (k.n % 10000)::int, k.key, 'application/pdf',
              'letter-' || k.n || '.pdf', $2, k.hash, 'ready'
         FROM unnest($3::text[], $4::text[]) WITH ORDINALITY AS k(key, hash, n)`,
      [userId, ITEM_BYTES, keys, hashes],
    );
    log(`takeout: ${start + count} of ${ITEMS} originals written`);
  }
}

/** Milliseconds from sending the download's request to its first byte of body. */
function firstByte(baseUrl, pathAndQuery, cookie) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get(`${baseUrl}${pathAndQuery}`, { headers: { cookie } }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`The download answered ${res.statusCode}`));
      res.once('data', () => {
        resolve(performance.now() - started);
        req.destroy();
      });
    });
    req.on('error', (error) => (error.code === 'ECONNRESET' ? undefined : reject(error)));
  });
}

export async function measureTakeout(session, viewer, stack, db, rows, log) {
  await seedOriginals(db, stack, viewer.id, log);
  const pids = Object.fromEntries(PROCESSES.map((name) => [name, stack.pid(name)]).filter(([, pid]) => pid));
  log(`takeout: exporting ${ITEMS} items (${round((ITEMS * ITEM_BYTES) / MB)} MB)…`);
  const { result, memory } = await sampleMemory(pids, async () => {
    const started = performance.now();
    const body = JSON.stringify({ scope: 'mine' });
    const answer = await session.post('/api/exports', body, {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
    });
    if (answer.status !== 202) throw new Error(`Starting the export answered ${answer.status}: ${answer.body}`);
    const { id } = JSON.parse(answer.body.toString('utf8'));
    for (;;) {
      const job = JSON.parse((await session.get(`/api/exports/${id}`)).body.toString('utf8'));
      if (job.status === 'ready') return { job, ms: performance.now() - started };
      if (job.status === 'failed') throw new Error(`The export failed: ${job.error}`);
      await sleep(250);
    }
  });
  // The ZIP written per second: the originals (stored as they are) and everything beside them.
  const mbPerSecond = result.job.sizeBytes / MB / (result.ms / 1000);
  rows.push({
    measure: `takeout: export of ${ITEMS} items, ${round((ITEMS * ITEM_BYTES) / MB)} MB`,
    value: round(mbPerSecond),
    display: `${round(mbPerSecond)} MB/s (${round(result.ms / 1000)} s, ZIP ${round(result.job.sizeBytes / MB)} MB)`,
    target: '',
    met: null,
  });
  for (const [name, reading] of Object.entries(memory)) {
    const peakMB = round(reading.peak / MB);
    rows.push({
      measure: `takeout: peak RSS of ${name}`,
      value: peakMB,
      display: `${peakMB} MB (${round(reading.baseline / MB)} MB before)`,
      target: `<= ${BUDGETS.rssMB} MB`,
      met: peakMB <= BUDGETS.rssMB,
    });
  }
  const samples = [];
  for (let i = 0; i < 5; i++) samples.push(await firstByte(session.baseUrl, result.job.downloadUrl, session.cookie));
  samples.sort((a, b) => a - b);
  const median = samples[2];
  rows.push({
    measure: 'takeout: download, time to first byte',
    value: round(median),
    display: `${round(median)} ms`,
    target: `<= ${BUDGETS.firstByteMs} ms`,
    met: median <= BUDGETS.firstByteMs,
  });
}
