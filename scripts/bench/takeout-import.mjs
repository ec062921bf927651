// The takeout import's rows (docs/conventions.md "Benchmarks"): a ZIP of N items made as an export lays it out
// (`archive.json`, originals under media/), uploaded through the gateway and imported by the media worker; the
// speed from the first byte sent to the import's report, and the peak memory of the processes it goes through.
import { createHash, createCipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import yazl from 'yazl';
import { MB, multipartFile, sampleMemory } from './measure.mjs';

/** `BENCH_IMPORT_ITEMS` items of `BENCH_IMPORT_ITEM_MB` each (defaults: 200 of 1 MB). */
const ITEMS = Number(process.env.BENCH_IMPORT_ITEMS ?? 200);
const ITEM_BYTES = Math.round(Number(process.env.BENCH_IMPORT_ITEM_MB ?? 1) * MB);
const BUDGET = { rssMB: 200 };

const round = (value, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A made-up PDF: its signature, then a key stream nothing can compress (so the ZIP is as large as an export's). */
function pdf(n) {
  const key = createHash('sha256').update(`bench-import-${n}`).digest().subarray(0, 16);
  const bytes = createCipheriv('aes-128-ctr', key, Buffer.alloc(16)).update(Buffer.alloc(ITEM_BYTES));
  Buffer.from(`%PDF-1.7\n% item ${n}\n`, 'latin1').copy(bytes, 0);
  return bytes;
}

/** Writes the export's ZIP to a file, one item at a time; answers its path and size. */
async function writeExport(dir) {
  const file = path.join(dir, 'family-archive.zip');
  const zip = new yazl.ZipFile();
  const written = new Promise((resolve, reject) => {
    zip.outputStream.pipe(fs.createWriteStream(file)).on('close', resolve).on('error', reject);
  });
  const exporter = { id: 1, username: 'bench-exporter', displayName: 'Bench Exporter' };
  const media = [];
  for (let n = 1; n <= ITEMS; n++) {
    const bytes = pdf(n);
    const year = 1990 + (n % 30);
    const entry = `media/${year}/${year}-06-01 Letter ${n} (${n}).pdf`;
    zip.addBuffer(bytes, entry, { compress: false });
    media.push({
      id: n,
      type: 'document',
      title: `Letter ${n}`,
      description: null,
      mediaDate: `${year}-06-01`,
      content: null,
      websiteUrl: null,
      path: entry,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      originalName: `letter-${n}.pdf`,
      contentType: 'application/pdf',
      sizeBytes: bytes.length,
      thumbnailPath: null,
      albumId: null,
      uploader: exporter,
      tags: [],
      createdAt: new Date().toISOString(),
    });
    // Let the ZIP drain, so the bench holds one item at a time.
    await sleep(0);
  }
  const manifest = {
    format: 'family-archive-takeout',
    version: 1,
    archiveId: `bench-${randomBytes(4).toString('hex')}`,
    scope: 'mine',
    exportedBy: exporter,
    exportedAt: new Date().toISOString(),
    people: [],
    partnerships: [],
    childTies: [],
    albums: [],
    media,
    memories: [],
  };
  zip.addBuffer(Buffer.from(JSON.stringify(manifest)), 'archive.json');
  zip.end();
  await written;
  return { file, size: fs.statSync(file).size };
}

export async function measureTakeoutImport(session, stack, rows, log) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'family-bench-import-'));
  try {
    log(`takeout import: writing an export of ${ITEMS} items of ${round(ITEM_BYTES / MB)} MB…`);
    const { file, size } = await writeExport(dir);
    const pids = {
      gateway: stack.pid('gateway'),
      media: stack.pid('media'),
      'media worker': stack.pid('media-worker'),
    };
    log(`takeout import: uploading ${round(size / MB)} MB through the gateway and importing it…`);
    let uploadSeconds = 0;
    const { result: job, memory } = await sampleMemory(pids, async () => {
      const started = performance.now();
      const { headers, body } = multipartFile(file, size, 'family-archive.zip', 'application/zip');
      const answer = await session.post('/api/imports', body, headers);
      if (answer.status !== 202) throw new Error(`The import answered ${answer.status}: ${answer.body}`);
      uploadSeconds = (performance.now() - started) / 1000;
      const { id } = JSON.parse(answer.body.toString('utf8'));
      for (;;) {
        const status = JSON.parse((await session.get(`/api/imports/${id}`)).body.toString('utf8'));
        if (status.status === 'failed') throw new Error(`The import failed: ${status.error}`);
        if (status.status === 'ready') return { ...status, seconds: (performance.now() - started) / 1000 };
        await sleep(100);
      }
    });
    if (job.report.media !== ITEMS) throw new Error(`The import brought ${job.report.media} of ${ITEMS} items.`);
    const sizeMB = size / MB;
    rows.push({
      measure: `takeout import: ${ITEMS} items, ${round(sizeMB)} MB, upload start to report`,
      value: round(sizeMB / job.seconds),
      display: `${round(sizeMB / job.seconds)} MB/s (${round(job.seconds)} s)`,
      target: 'report',
      met: null,
    });
    rows.push({
      measure: 'takeout import: the upload alone (checked whole before the answer)',
      value: round(sizeMB / uploadSeconds),
      display: `${round(sizeMB / uploadSeconds)} MB/s (${round(uploadSeconds)} s)`,
      target: 'report',
      met: null,
    });
    for (const [name, usage] of Object.entries(memory)) {
      const peak = usage.peak / MB;
      rows.push({
        measure: `takeout import: ${name} peak RSS`,
        value: round(peak),
        display: `${round(peak)} MB (+${round(usage.growth / MB)})`,
        target: `<= ${BUDGET.rssMB} MB`,
        met: peak <= BUDGET.rssMB,
      });
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
