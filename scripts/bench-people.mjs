#!/usr/bin/env node
// `npm run bench:people`: the people targets (docs/conventions.md "Benchmarks"), measured through the gateway
// against the built services (`npm run build` first). A fresh database `family_bench_<random>` gets 3,000 people
// without accounts in nine generations of couples, each child tied to both birth parents, and one member who
// signs in. Measures the tree around someone in the middle generation, four generations up and down, and the
// people search, and a generated 3,000-person GEDCOM imported through the gateway (seconds, worker peak memory). Prints a table and writes bench/results/people-<time>.json; exits 0 when a target is missed
// (the table says MISSED), non-zero only when the benchmark itself fails. Everything is dropped at the end.
// Then 17,000 more people make 20,000, and the pickers' searches are timed at that size (`--only=search`: only
// those rows, without the tree, the chart and the GEDCOM imports).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { createRequire } from 'node:module';
import { closeConnections, MB, printTable, request, sampleMemory, timeRequests } from './bench/measure.mjs';
import { adminDatabaseUrl, BenchStack, createDatabase, dropDatabase, root } from './bench/stack.mjs';

const PEOPLE = 3_000;
const GENERATIONS = 9;
const FIRST_ID = 300_001;
const DEPTH = 4;
/** The archive the pickers' searches are timed at: a large GEDCOM import's worth of people. */
const PICKER_PEOPLE = 20_000;
const ONLY = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length) ?? null;
const SURNAMES = ['Nowak', 'Kowalski', 'Wiśniewski', 'Wójcik', 'Kowalczyk', 'Kamiński', 'Lewandowski', 'Zieliński'];
const GIVEN = ['Anna', 'Jan', 'Maria', 'Piotr', 'Zofia', 'Stefan', 'Ewa', 'Tomasz', 'Helena', 'Józef', 'Irena'];

const log = (line) => process.stderr.write(`[bench] ${line}\n`);
const round = (value) => Math.round(value * 10) / 10;
const json = (answer) => JSON.parse(answer.body.toString('utf8'));

/**
 * Nine generations of equal size; in each, neighbours (2i, 2i+1) are a married couple, and child j of the next
 * generation is the child of couple j mod (size/2) (two children a couple, never married to each other), tied to
 * both birth parents.
 */
function family() {
  const size = Math.ceil(PEOPLE / GENERATIONS);
  const people = [];
  const relations = [];
  const idOf = (generation, index) => FIRST_ID + generation * size + index;
  for (let g = 0; g < GENERATIONS; g++) {
    for (let i = 0; i < size && people.length < PEOPLE; i++) {
      const id = idOf(g, i);
      const year = 1780 + g * 27 + (i % 9);
      people.push({
        id,
        givenName: GIVEN[id % GIVEN.length],
        surname: SURNAMES[Math.floor(i / 2) % SURNAMES.length],
        birth: i % 5 === 0 ? `ABT ${year}` : `${1 + (i % 28)} MAR ${year}`,
      });
      if (i % 2 === 1) relations.push({ from: idOf(g, i - 1), to: id, type: 'spouse' });
      if (g > 0) {
        const couple = i % Math.floor(size / 2);
        relations.push({ from: id, to: idOf(g - 1, 2 * couple), type: 'parent' });
        relations.push({ from: id, to: idOf(g - 1, 2 * couple + 1), type: 'parent' });
      }
    }
  }
  const ids = new Set(people.map((p) => p.id));
  return {
    people,
    relations: relations.filter((r) => ids.has(r.from) && ids.has(r.to)),
    root: idOf(DEPTH, Math.floor(size / 2)),
  };
}

async function seed(db, { people, relations }, createdBy) {
  await db.query(
    `INSERT INTO profile.profiles (user_id, username, display_name, given_name, surname, birth_date)
     SELECT id, NULL, g || ' ' || s, g, s, b FROM unnest($1::int[], $2::text[], $3::text[], $4::text[]) AS x (id, g, s, b)`,
    [people.map((p) => p.id), people.map((p) => p.givenName), people.map((p) => p.surname), people.map((p) => p.birth)],
  );
  await db.query(
    `INSERT INTO family.relations (from_user_id, to_user_id, relation_type, kind, created_by)
     SELECT f, t, r, CASE r WHEN 'spouse' THEN 'married' ELSE 'birth' END, $4
     FROM unnest($1::int[], $2::int[], $3::text[]) AS x (f, t, r)`,
    [relations.map((r) => r.from), relations.map((r) => r.to), relations.map((r) => r.type), createdBy],
  );
  await db.query('ANALYZE');
}

/** People without accounts up to PICKER_PEOPLE, after the family's ids, with names and birth dates of their own. */
async function seedMorePeople(db) {
  const ids = [];
  const given = [];
  const surnames = [];
  const births = [];
  for (let n = 0; n < PICKER_PEOPLE - PEOPLE; n++) {
    ids.push(FIRST_ID + PEOPLE + 1000 + n);
    given.push(GIVEN[n % GIVEN.length]);
    const surname = SURNAMES[Math.floor(n / GIVEN.length) % SURNAMES.length];
    // One in five a woman's form of it: Kowalska, Zielińska.
    surnames.push(n % 5 === 0 && surname.endsWith('i') ? `${surname.slice(0, -1)}a` : surname);
    births.push(`${1 + (n % 28)} MAR ${1700 + (n % 300)}`);
  }
  await db.query(
    `INSERT INTO profile.profiles (user_id, username, display_name, given_name, surname, birth_date)
     SELECT id, NULL, g || ' ' || s, g, s, b FROM unnest($1::int[], $2::text[], $3::text[], $4::text[]) AS x (id, g, s, b)`,
    [ids, given, surnames, births],
  );
  await db.query('ANALYZE profile.profiles');
}

/**
 * The pickers' searches at PICKER_PEOPLE people, as a picker asks them (20 at a time): one and two letters (every
 * name holds them: the trigram index cannot help, and the rank is worked out for nearly everyone), a surname's
 * start, a whole rare surname, the members alone before typing and while typing, and a wildcard taken literally.
 */
async function measurePickerSearch(get) {
  const searches = [
    ['one letter "a"', '/api/people?q=a&limit=20', (n) => n === 20],
    ['two letters "ko"', '/api/people?q=ko&limit=20', (n) => n === 20],
    ['a surname\'s start "kowal"', '/api/people?q=kowal&limit=20', (n) => n === 20],
    ['a whole surname "zielińska"', `/api/people?q=${encodeURIComponent('zielińska')}&limit=20`, (n) => n === 20],
    ['the members before typing', '/api/people?members=true&limit=20', (n) => n >= 1],
    ['members while typing "be"', '/api/people?q=be&members=true&limit=20', (n) => n >= 1],
    ['a wildcard "%" taken literally', `/api/people?q=${encodeURIComponent('%')}&limit=20`, (n) => n === 0],
  ];
  const rows = [];
  for (const [name, url, fits] of searches) {
    const timing = await timeRequests(() => get(url), {
      check: (answer) => {
        const found = json(answer).items.length;
        if (!fits(found)) throw new Error(`${url} found ${found}.`);
      },
    });
    rows.push({ name: `picker search at ${PICKER_PEOPLE.toLocaleString('en')} people: ${name}`, timing });
  }
  return rows;
}

/** GEDCOM files generated for the import rows, each with its budget (upload to done). */
const GEDCOM_SIZES = [
  { people: 3_000, seconds: 20, seed: 1 },
  { people: 50_000, seconds: 300, seed: 2 },
];
const GEDCOM_WORKER_MB = 400;
/** Every process of the archive, whose peak memory the import rows print. */
const PROCESSES = ['gateway', 'auth', 'profile', 'media', 'albums', 'family', 'family-worker', 'media-worker'];

/**
 * A generated GEDCOM uploaded through the gateway and followed to the end as the web app does, with the peak
 * memory of every process while it runs; then the whole archive downloaded as GEDCOM 7 (living=full).
 */
async function measureGedcom(stack, cookie, { people, seconds: budget, seed }) {
  const require = createRequire(import.meta.url);
  const { syntheticGedcom } = require(path.join(root, 'services/family/dist/gedcom-format/synthetic-family.js'));
  const file = Buffer.from(syntheticGedcom(people, { seed }), 'utf8');
  stack.check();
  const pids = Object.fromEntries(PROCESSES.map((name) => [name, stack.pid(name)]));
  const started = performance.now();
  const { result: status, memory } = await sampleMemory(pids, async () => {
    const form = new FormData();
    form.append('file', new Blob([file]), 'family.ged');
    const upload = await fetch(`${stack.gatewayUrl}/api/family/gedcom`, {
      method: 'POST',
      headers: { cookie },
      body: form,
    });
    if (upload.status !== 202) throw new Error(`The GEDCOM upload answered ${upload.status}: ${await upload.text()}`);
    const { id } = await upload.json();
    for (;;) {
      const answer = await fetch(`${stack.gatewayUrl}/api/family/gedcom/imports/${id}`, { headers: { cookie } });
      const body = await answer.json();
      if (body.status === 'done' || body.status === 'failed') return body;
      if (performance.now() - started > 900_000) throw new Error('The GEDCOM import did not finish in 15 minutes.');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });
  if (status.status !== 'done') {
    throw new Error(`The GEDCOM import ended ${status.status}: ${status.error ?? JSON.stringify(status.report)}`);
  }
  const seconds = (performance.now() - started) / 1000;
  const peaks = Object.entries(memory)
    .map(([name, { peak }]) => `${name} ${Math.round(peak / MB)}`)
    .join(', ');
  const workerMb = memory['family-worker'].peak / MB;

  const exportStarted = performance.now();
  const exported = await fetch(`${stack.gatewayUrl}/api/family/gedcom?living=full`, { headers: { cookie } });
  if (exported.status !== 200) throw new Error(`The GEDCOM export answered ${exported.status}`);
  const exportBytes = (await exported.arrayBuffer()).byteLength;
  const exportSeconds = (performance.now() - exportStarted) / 1000;
  const label = `${people.toLocaleString('en')}-person file (${Math.round(file.length / 1024)} kB)`;
  return [
    {
      measure: `GEDCOM import: ${label}, upload to done (${status.report.created} created)`,
      value: round(seconds),
      display: `${round(seconds)} s`,
      target: `< ${budget} s`,
      met: seconds < budget,
    },
    {
      measure: `GEDCOM import of ${people.toLocaleString('en')}: peak RSS of every process (MB): ${peaks}`,
      value: Math.round(workerMb),
      display: `worker ${Math.round(workerMb)} MB`,
      target: `worker < ${GEDCOM_WORKER_MB} MB`,
      met: workerMb < GEDCOM_WORKER_MB,
    },
    {
      measure: `GEDCOM export of the whole archive after it (${Math.round(exportBytes / 1024)} kB)`,
      value: round(exportSeconds),
      display: `${round(exportSeconds)} s`,
      target: `< ${budget} s`,
      met: exportSeconds < budget,
    },
  ];
}

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const DRAWS = 10;

/**
 * The chart in Chromium (desktop size, signed in by the session cookie), over DRAWS fresh loads: its first draw on
 * its own, from the tree's data in hand to the drawn canvas (the page's performance measure
 * `family-tree:first-draw`: layout, React's render and commit), and for reference the whole page load from the
 * start of navigation to the root's node on screen.
 */
async function measureFirstDraw(baseUrl, cookie, rootId) {
  const name = `tree chart: first draw in Chromium, ${DEPTH} generations each way`;
  if (!fs.existsSync(CHROMIUM)) return [{ measure: name, display: `no Chromium at ${CHROMIUM}`, met: null }];
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const [cookieName, value] = cookie.split(';')[0].split('=');
    await context.addCookies([{ name: cookieName, value, url: baseUrl }]);
    const page = await context.newPage();
    const draws = [];
    const loads = [];
    for (let i = 0; i < DRAWS + 1; i++) {
      await page.goto(`${baseUrl}/family/tree/${rootId}?depth=${DEPTH}`);
      await page.waitForSelector('[data-role="root"]');
      await page.waitForFunction(() => performance.getEntriesByName('family-tree:first-draw').length > 0);
      const { draw, load } = await page.evaluate(() => ({
        draw: performance.getEntriesByName('family-tree:first-draw')[0].duration,
        load: performance.now(),
      }));
      if (i > 0) {
        draws.push(draw);
        loads.push(load);
      }
    }
    const summary = (samples) => {
      const sorted = [...samples].sort((a, b) => a - b);
      const at = (p) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
      return { median: round(at(0.5)), p95: round(at(0.95)), samples: samples.length };
    };
    const draw = summary(draws);
    return [
      { measure: name, ...draw, target: 'p95 < 200 ms', met: draw.p95 < 200 },
      { measure: 'tree page: navigation to the drawn tree (for reference)', ...summary(loads), met: null },
    ];
  } finally {
    await browser.close();
  }
}

async function main() {
  const adminUrl = adminDatabaseUrl();
  const database = await createDatabase(adminUrl);
  const stack = new BenchStack(database.url);
  const db = new pg.Client({ connectionString: database.url });
  try {
    log(`database ${database.name}; starting the services and the gateway…`);
    await stack.start();
    await db.connect();
    const username = `bench${randomBytes(3).toString('hex')}`;
    const body = JSON.stringify({ username, password: 'bench-password' });
    const registered = await request(`${stack.gatewayUrl}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      body,
    });
    if (registered.status !== 201) throw new Error(`Register answered ${registered.status}`);
    const cookie = (registered.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
    const viewer = json(registered).user;
    const get = (url) => request(`${stack.gatewayUrl}${url}`, { headers: { cookie } });

    const tree = family();
    log(`seeding ${tree.people.length} people and ${tree.relations.length} relations…`);
    await seed(db, tree, viewer.id);

    const rows = [];
    const row = (measure, timing, target, extra = {}) =>
      rows.push({
        measure,
        median: round(timing.median),
        p95: round(timing.p95),
        samples: timing.samples,
        responseBytes: timing.last.body.length,
        target: `p95 < ${target} ms`,
        met: timing.p95 < target,
        ...extra,
      });

    const pickerRows = async () => {
      log(`seeding ${PICKER_PEOPLE - PEOPLE} more people, ${PICKER_PEOPLE} in all…`);
      await seedMorePeople(db);
      for (const { name, timing } of await measurePickerSearch(get)) row(name, timing, 50);
    };
    if (ONLY === 'search') await pickerRows();
    else {
      let shown = 0;
      const treeTiming = await timeRequests(() => get(`/api/family/tree/${tree.root}?up=${DEPTH}&down=${DEPTH}`), {
        check: (answer) => {
          const body = json(answer);
          shown = body.people.length;
          if (body.rootId !== tree.root || shown < 2 ** (DEPTH + 1)) throw new Error(`The tree shows ${shown} people.`);
        },
      });
      row(`tree: ${PEOPLE} people, ${DEPTH} generations up and down`, treeTiming, 30, { peopleShown: shown });

      const search = await timeRequests(() => get(`/api/people?q=${encodeURIComponent('owal')}`), {
        check: (answer) => {
          if (json(answer).items.length !== 50) throw new Error('The search should fill a page of 50.');
        },
      });
      row(`people search: q=owal at ${PEOPLE} people, page 1`, search, 50);
      const rare = await timeRequests(() => get(`/api/people?q=${encodeURIComponent('zieliński')}&limit=200`), {
        check: (answer) => {
          if (json(answer).items.length === 0) throw new Error('The search found nobody.');
        },
      });
      row(`people search: q=zieliński at ${PEOPLE} people, limit 200`, rare, 50);
      // Before the GEDCOM imports add their people.
      await pickerRows();
      rows.push(...(await measureFirstDraw(stack.gatewayUrl, cookie, tree.root)));
      for (const size of GEDCOM_SIZES) {
        log(`importing a generated ${size.people}-person GEDCOM through the gateway…`);
        rows.push(...(await measureGedcom(stack, cookie, size)));
      }
    }
    stack.check();

    const report = {
      finishedAt: new Date().toISOString(),
      results: rows,
      missed: rows.filter((r) => r.met === false),
    };
    const resultsDir = path.join(root, 'bench', 'results');
    fs.mkdirSync(resultsDir, { recursive: true });
    const file = path.join(resultsDir, `people-${report.finishedAt.replace(/[:.]/g, '-')}.json`);
    fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    console.log('');
    printTable(rows);
    console.log('');
    console.log(report.missed.length === 0 ? 'All targets met.' : `MISSED ${report.missed.length} target(s).`);
    console.log(`Results: ${path.relative(root, file)}`);
  } catch (error) {
    const tail = stack.logTail();
    if (tail) log(`the archive's last output:\n${tail}`);
    throw error;
  } finally {
    closeConnections();
    await db.end().catch(() => undefined);
    await stack.stop().catch((error) => log(`stopping the archive failed: ${error.message}`));
    await dropDatabase(adminUrl, database.name).catch((error) =>
      log(`dropping ${database.name} failed: ${error.message}`),
    );
  }
}

main().catch((error) => {
  console.error(`[bench] failed: ${error?.stack ?? error}`);
  process.exit(1);
});
