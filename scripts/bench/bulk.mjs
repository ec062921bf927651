// `--only=bulk`: select many (docs/api.md "Select many"). One bulk action over 500 items, each action timed through
// the gateway; then one ZIP of 100 originals (200 MB) downloaded through the gateway, in MB/s, while the media
// service's resident memory is sampled: the ZIP is streamed, so memory must not grow with its size.
import { MB, sampleMemory } from './measure.mjs';

const BULK_ITEMS = 500;
const BULK_ACTION_MS = 2000;
const ZIP_FILES = 100;
const ZIP_FILE_BYTES = 2 * MB;
const ZIP_MIN_MB_PER_SECOND = 30;
const ZIP_RSS_GROWTH_MB = 64;

const round = (value, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * `session` is the signed-in viewer (`viewer` their person), `upload(title, file)` uploads a generated file as them,
 * `db` reaches the bench database. Adds its rows to `rows`.
 */
export async function measureBulk({ session, viewer, upload, stack, db, rows, log }) {
  log(`bulk: ${BULK_ITEMS} of the viewer's own posts, then add to album, tag and delete them in one request each…`);
  const { rows: seeded } = await db.query(
    `INSERT INTO media.media_items (user_id, type, title, media_date, content, processing)
     SELECT $1, 'post', 'Bulk post ' || g, DATE '2015-01-01' + g, 'A few words.', 'ready'
     FROM generate_series(1, $2::int) g RETURNING id`,
    [viewer.id, BULK_ITEMS],
  );
  const ids = seeded.map((row) => row.id);
  const album = await session.json('POST', '/api/albums', { name: 'Bulk bench', description: '', isShared: false });
  const actions = [
    ['add to album', { action: 'addToAlbum', albumId: album.id, ids }],
    ['tag', { action: 'tag', userId: viewer.id, ids }],
    ['delete', { action: 'delete', ids }],
  ];
  for (const [name, request] of actions) {
    const started = performance.now();
    const result = await session.json('POST', '/api/media/bulk', request);
    const ms = performance.now() - started;
    rows.push({
      measure: `bulk ${name}: ${BULK_ITEMS} items in one request`,
      value: round(ms),
      display: `${round(ms)} ms`,
      target: `< ${BULK_ACTION_MS} ms; all done`,
      met: ms < BULK_ACTION_MS && result.done.length === BULK_ITEMS,
      done: result.done.length,
      skipped: result.skipped.length,
    });
  }

  log(`bulk: ${ZIP_FILES} originals of ${ZIP_FILE_BYTES / MB} MB, then one ZIP of them while sampling memory…`);
  const zipIds = [];
  for (let n = 0; n < ZIP_FILES; n++) {
    const { item } = await upload(`Zip original ${n}`, {
      key: Buffer.from(`bulk-zip-${String(n).padStart(7, '0')}`),
      size: ZIP_FILE_BYTES,
      name: `original-${n}.pdf`,
      contentType: 'application/pdf',
    });
    zipIds.push(item.id);
  }
  const body = JSON.stringify({ ids: zipIds });
  const pids = { media: stack.pid('media'), gateway: stack.pid('gateway') };
  const { result: answer, memory } = await sampleMemory(pids, () =>
    session.raw('POST', '/api/media/download', body, { 'content-type': 'application/json' }),
  );
  if (answer.status !== 200) throw new Error(`The ZIP download answered ${answer.status}: ${answer.body}`);
  const megabytes = answer.body.length / MB;
  const mbPerSecond = megabytes / (answer.ms / 1000);
  const originals = ZIP_FILES * ZIP_FILE_BYTES;
  rows.push({
    measure: `ZIP download: ${ZIP_FILES} originals, ${round(megabytes)} MB through the gateway`,
    value: round(mbPerSecond),
    display: `${round(mbPerSecond)} MB/s`,
    target: `>= ${ZIP_MIN_MB_PER_SECOND} MB/s; every byte`,
    met: mbPerSecond >= ZIP_MIN_MB_PER_SECOND && answer.body.length > originals,
    seconds: round(answer.ms / 1000, 2),
    bytes: answer.body.length,
    contentEncoding: answer.headers['content-encoding'] ?? null,
  });
  for (const [name, usage] of Object.entries(memory)) {
    const growth = usage.growth / MB;
    rows.push({
      measure: `ZIP download: ${name} RSS growth`,
      value: round(growth),
      display: `${round(growth)} MB`,
      target: `< ${ZIP_RSS_GROWTH_MB} MB`,
      met: growth < ZIP_RSS_GROWTH_MB,
      baselineMB: round(usage.baseline / MB),
      peakMB: round(usage.peak / MB),
      kernelPeakUsed: usage.kernelPeak,
    });
  }
}
