// The GEDCOM import at scale (docs/conventions.md "Benchmarks"): a generated file of a million people (twenty
// times the import's cap) uploaded through the gateway must be refused while it is read, and a file at the cap
// imported to the end, with the family service and its worker each under 400 MB peak RSS.
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { MB, multipartFile, sampleMemory } from './measure.mjs';
import { root } from './stack.mjs';

/** `BENCH_GEDCOM_REFUSED_PEOPLE` (1,000,000) and `BENCH_GEDCOM_IMPORTED_PEOPLE` (50,000, the cap). */
const REFUSED_PEOPLE = Number(process.env.BENCH_GEDCOM_REFUSED_PEOPLE ?? 1_000_000);
const IMPORTED_PEOPLE = Number(process.env.BENCH_GEDCOM_IMPORTED_PEOPLE ?? 50_000);
const BUDGET_MB = 400;

const round = (value, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const count = (value) => value.toLocaleString('en');

/** Writes the generated family (each line ends in its newline) in batches, so the bench never holds the file. */
async function writeGedcom(file, people) {
  const require = createRequire(import.meta.url);
  const { syntheticGedcomLines } = require(path.join(root, 'services/family/dist/gedcom-format/synthetic-family.js'));
  const out = fs.createWriteStream(file);
  let batch = [];
  for (const line of syntheticGedcomLines(people, { seed: 7 })) {
    batch.push(line);
    if (batch.length === 10_000) {
      if (!out.write(batch.join(''))) await new Promise((resolve) => out.once('drain', resolve));
      batch = [];
    }
  }
  out.end(batch.join(''));
  await new Promise((resolve, reject) => out.on('finish', resolve).on('error', reject));
  return fs.statSync(file).size;
}

async function measureOne(session, stack, rows, log, dir, people, expectRefusal) {
  const file = path.join(dir, `family-${people}.ged`);
  log(`gedcom scale: writing a generated ${count(people)}-person GEDCOM…`);
  const size = await writeGedcom(file, people);
  const pids = { family: stack.pid('family'), 'family worker': stack.pid('family-worker') };
  log(`gedcom scale: uploading ${round(size / MB)} MB through the gateway…`);
  const { result, memory } = await sampleMemory(pids, async () => {
    const started = performance.now();
    const { headers, body } = multipartFile(file, size, 'family.ged', 'text/plain');
    const answer = await session.post('/api/family/gedcom', body, headers);
    const text = answer.body.toString('utf8');
    if (expectRefusal) {
      if (answer.status !== 413)
        throw new Error(`The ${count(people)}-person upload answered ${answer.status}: ${text}`);
      return { seconds: (performance.now() - started) / 1000, outcome: `${answer.status} ${JSON.parse(text).message}` };
    }
    if (answer.status !== 202) throw new Error(`The ${count(people)}-person upload answered ${answer.status}: ${text}`);
    const { id } = JSON.parse(text);
    for (;;) {
      const status = JSON.parse((await session.get(`/api/family/gedcom/imports/${id}`)).body.toString('utf8'));
      if (status.status === 'failed') throw new Error(`The import failed: ${status.error}`);
      if (status.status === 'done') {
        const seconds = (performance.now() - started) / 1000;
        return { seconds, outcome: `done, ${count(status.report.created)} created` };
      }
      await sleep(500);
    }
  });
  const peaks = Object.values(memory).map((usage) => usage.peak / MB);
  const label = `GEDCOM ${count(people)} people (${round(size / MB)} MB)`;
  rows.push({
    measure: `${label}: ${expectRefusal ? 'refused at upload' : 'upload to done'} (${result.outcome})`,
    value: round(result.seconds),
    display: `${round(result.seconds)} s`,
    target: 'report',
    met: null,
  });
  rows.push({
    measure: `${label}: peak RSS of the family service, family worker`,
    value: round(Math.max(...peaks)),
    display: `${peaks.map((peak) => round(peak)).join(', ')} MB`,
    target: `each <= ${BUDGET_MB} MB`,
    met: peaks.every((peak) => peak <= BUDGET_MB),
  });
  fs.rmSync(file, { force: true });
}

export async function measureGedcomScale(session, stack, rows, log) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'family-bench-gedcom-'));
  try {
    await measureOne(session, stack, rows, log, dir, REFUSED_PEOPLE, true);
    if (IMPORTED_PEOPLE > 0) await measureOne(session, stack, rows, log, dir, IMPORTED_PEOPLE, false);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
