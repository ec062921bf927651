import { readFileSync } from 'node:fs';
import path from 'node:path';
import prand from 'pure-rand';
import yazl from 'yazl';
import { png } from '../support/media';
import { readZip } from '../support/zip';
import { baseUrl, call, faults, pids, signUp } from './support/stack';

// A bounded fuzz of the two import routes: GEDCOM (`POST /api/family/gedcom`, a .ged or a ZIP) and an export
// brought back in (`POST /api/imports`, a ZIP with archive.json). Real files mutated (the GEDCOMs of the product
// brief, an export the archive makes here), random bytes, truncated and bit-flipped ZIPs, wrong types in
// archive.json, huge lines. The seed and the count are fixed, so a failure names an input that comes back.
// Every answer must be a 4xx with a sentence, or an accepted import whose job ends with a report or a sentence.
const SEED = 20261127;
const CASES_PER_ROUTE = 250;
const GEDCOM_DIR = path.join(faults.config.root, '..', 'shared', 'gedcom');
/** Real files of every kind the brief ships, small enough that a few dozen imports stay within a minute or two. */
const GEDCOMS = [
  'edge-cases/ancestry-2025-export.ged',
  'edge-cases/gramps-2025-export.ged',
  'edge-cases/cont-conc.ged',
  'edge-cases/deep-nesting-levels.ged',
  'edge-cases/relationships-complex.ged',
  'edge-cases/vendor-customtags-torture.ged',
  'gedcom-5.5.1/comprehensive.ged',
  'gedcom-7.0/maximal70.ged',
  'encoding/utf16le.ged',
  'encoding/ansel-lf.ged',
  'malformed/level-over-99.ged',
];
const WRONG_VALUES: unknown[] = [
  null,
  0,
  -1,
  1.5,
  1e308,
  true,
  '',
  'x'.repeat(100_000),
  '../../etc/passwd',
  '9999-99-99',
  [],
  [null, 1, 'a'],
  {},
  { nested: { deeper: [1, { deepest: 'x' }] } },
];

interface Case {
  label: string;
  bytes: Buffer;
  fileName: string;
}

interface Outcome {
  label: string;
  /** What the person got: the answer's status and sentence, or how the import ended. */
  seen: string;
  ok: boolean;
}

/** The seeded source every choice of this fuzz comes from. */
class Dice {
  private readonly rng;

  constructor(seed: number) {
    this.rng = prand.xoroshiro128plus(seed);
  }

  int(min: number, max: number): number {
    return prand.unsafeUniformIntDistribution(min, max, this.rng);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)];
  }

  bytes(length: number): Buffer {
    return Buffer.from(Array.from({ length }, () => this.int(0, 255)));
  }
}

/** Each route's cases have a seed of their own, so changing one route's cases leaves the other's as they were. */
let dice = new Dice(SEED);

/** Some bytes of the file changed at random places. */
function bitFlipped(bytes: Buffer, flips: number): Buffer {
  const copy = Buffer.from(bytes);
  for (let i = 0; i < flips; i++) copy[dice.int(0, copy.length - 1)] ^= 1 << dice.int(0, 7);
  return copy;
}

function truncatedAt(bytes: Buffer): Buffer {
  return bytes.subarray(0, dice.int(0, bytes.length - 1));
}

/** One of the GEDCOM's lines changed the way a broken program or an edited file would. */
function lineMutated(text: string): { how: string; text: string } {
  const lines = text.split(/\r?\n/);
  const at = dice.int(0, lines.length - 1);
  const how = dice.pick(['level', 'tag', 'xref', 'pointer', 'delete', 'duplicate', 'swap', 'huge', 'binary']);
  const [level, ...rest] = lines[at].split(' ');
  switch (how) {
    case 'level':
      lines[at] = [dice.pick(['-1', '99', '100', '9'.repeat(30), 'x', '']), ...rest].join(' ');
      break;
    case 'tag':
      lines[at] = [
        level,
        dice.pick(['', '@', '_X'.repeat(500), 'CONC', 'CONT', 'HEAD', 'TRLR', 'FAM']),
        ...rest.slice(1),
      ].join(' ');
      break;
    case 'xref':
      lines[at] = [level, dice.pick(['@@', '@I1@', '@' + 'I'.repeat(5000) + '@', '@ @']), ...rest].join(' ');
      break;
    case 'pointer':
      lines[at] =
        `${level} ${dice.pick(['HUSB', 'WIFE', 'CHIL', 'FAMC', 'FAMS'])} ${dice.pick(['@I1@', '@NOPE@', '@@', '@F1@'])}`;
      break;
    case 'delete':
      lines.splice(at, 1);
      break;
    case 'duplicate':
      lines.splice(at, 0, ...lines.slice(at, at + dice.int(1, 20)));
      break;
    case 'swap': {
      const other = dice.int(0, lines.length - 1);
      [lines[at], lines[other]] = [lines[other], lines[at]];
      break;
    }
    case 'huge':
      // A note of one line of megabytes, or a line of nothing but text.
      lines.splice(at, 0, dice.pick([`1 NOTE ${'n'.repeat(3_000_000)}`, 'z'.repeat(3_000_000)]));
      break;
    default:
      lines[at] = `${lines[at]}${dice.bytes(dice.int(1, 200)).toString('latin1')}`;
  }
  return { how, text: lines.join('\n') };
}

/** A ZIP of these entries, made as an export or a genealogy program makes one. */
function zipOf(entries: Array<[string, Buffer]>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, data] of entries) zip.addBuffer(data, name);
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** A place in the JSON value, chosen at random: the container and the key or index in it. */
function somePlace(root: Record<string, unknown>): {
  holder: Record<string, unknown> | unknown[];
  key: string | number;
} {
  let holder: Record<string, unknown> | unknown[] = root;
  let key: string | number = dice.pick(Object.keys(root));
  for (let depth = 0; depth < 6; depth++) {
    const value: unknown = (holder as Record<string, unknown>)[key as string];
    if (value === null || typeof value !== 'object') break;
    const keys = Array.isArray(value) ? value.map((_v, i) => i) : Object.keys(value);
    if (keys.length === 0 || dice.int(0, 3) === 0) break;
    holder = value as Record<string, unknown> | unknown[];
    key = dice.pick<string | number>(keys);
  }
  return { holder, key };
}

/** archive.json with a few values of the wrong type (or gone), described for the report. */
function wrongTypes(manifest: string): { text: string; changes: string[] } {
  const root = JSON.parse(manifest) as Record<string, unknown>;
  const changes: string[] = [];
  for (let i = dice.int(1, 3); i > 0; i--) {
    const { holder, key } = somePlace(root);
    if (dice.int(0, 5) === 0 && !Array.isArray(holder)) {
      delete holder[key as string];
      changes.push(`${key} removed`);
    } else {
      const value = dice.pick(WRONG_VALUES);
      (holder as Record<string | number, unknown>)[key] = value;
      changes.push(`${key}=${JSON.stringify(value)?.slice(0, 30)}`);
    }
  }
  return { text: JSON.stringify(root), changes };
}

async function gedcomCases(): Promise<Case[]> {
  dice = new Dice(SEED);
  const files = GEDCOMS.map((name) => ({ name, bytes: readFileSync(path.join(GEDCOM_DIR, name)) }));
  const photo = png([30, 120, 200], 32);
  const gedzip = await zipOf([
    ['family.ged', files[0].bytes],
    ['photos/portrait.png', photo],
  ]);
  const cases: Case[] = [];
  while (cases.length < CASES_PER_ROUTE) {
    const file = dice.pick(files);
    const kind = dice.int(0, 9);
    if (kind <= 3) {
      const { how, text } = lineMutated(file.bytes.toString('latin1'));
      cases.push({ label: `${file.name}: a line (${how})`, bytes: Buffer.from(text, 'latin1'), fileName: 'tree.ged' });
    } else if (kind === 4) {
      cases.push({
        label: `${file.name}: bits flipped`,
        bytes: bitFlipped(file.bytes, dice.int(1, 40)),
        fileName: 'tree.ged',
      });
    } else if (kind === 5) {
      cases.push({ label: `${file.name}: truncated`, bytes: truncatedAt(file.bytes), fileName: 'tree.ged' });
    } else if (kind === 6) {
      cases.push({ label: 'random bytes as .ged', bytes: dice.bytes(dice.int(1, 64 * 1024)), fileName: 'tree.ged' });
    } else if (kind === 7) {
      cases.push({ label: 'GEDZIP truncated', bytes: truncatedAt(gedzip), fileName: 'tree.zip' });
    } else if (kind === 8) {
      cases.push({ label: 'GEDZIP bits flipped', bytes: bitFlipped(gedzip, dice.int(1, 20)), fileName: 'tree.zip' });
    } else {
      const { how, text } = lineMutated(file.bytes.toString('latin1'));
      const zip = await zipOf([
        ['tree/family.ged', Buffer.from(text, 'latin1')],
        ['tree/photo.png', photo],
      ]);
      cases.push({ label: `GEDZIP of ${file.name} with a line (${how})`, bytes: zip, fileName: 'tree.zip' });
    }
  }
  return cases;
}

async function takeoutCases(exportZip: Buffer): Promise<Case[]> {
  dice = new Dice(SEED + 1);
  const entries = [...(await readZip(exportZip))].map(([name, entry]): [string, Buffer] => [name, entry.data]);
  const manifest = entries.find(([name]) => name === 'archive.json')![1].toString('utf8');
  const others = entries.filter(([name]) => name !== 'archive.json');
  const cases: Case[] = [];
  while (cases.length < CASES_PER_ROUTE) {
    const kind = dice.int(0, 9);
    if (kind <= 3) {
      const { text, changes } = wrongTypes(manifest);
      const zip = await zipOf([['archive.json', Buffer.from(text)], ...others]);
      cases.push({ label: `archive.json: ${changes.join(', ')}`, bytes: zip, fileName: 'export.zip' });
    } else if (kind === 4) {
      cases.push({ label: 'export truncated', bytes: truncatedAt(exportZip), fileName: 'export.zip' });
    } else if (kind === 5) {
      cases.push({
        label: 'export bits flipped',
        bytes: bitFlipped(exportZip, dice.int(1, 30)),
        fileName: 'export.zip',
      });
    } else if (kind === 6) {
      // A ZIP's signature, then noise: past the first look, so the whole file is read.
      const noise = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), dice.bytes(dice.int(1, 64 * 1024))]);
      cases.push({ label: 'random bytes behind a ZIP signature', bytes: noise, fileName: 'export.zip' });
    } else if (kind === 7) {
      cases.push({ label: 'random bytes as .zip', bytes: dice.bytes(dice.int(1, 16 * 1024)), fileName: 'export.zip' });
    } else if (kind === 8) {
      // Huge lines: a title of megabytes, or a family.ged line of megabytes.
      const root = JSON.parse(manifest) as { media: Array<Record<string, unknown>> };
      root.media[0].title = 't'.repeat(4_000_000);
      const ged = others.map(([name, data]): [string, Buffer] =>
        name === 'family.ged'
          ? [name, Buffer.concat([data, Buffer.from(`0 @N1@ NOTE ${'n'.repeat(3_000_000)}\n`)])]
          : [name, data],
      );
      const zip = await zipOf([['archive.json', Buffer.from(JSON.stringify(root))], ...ged]);
      cases.push({ label: 'huge title and huge family.ged line', bytes: zip, fileName: 'export.zip' });
    } else {
      const { how, text } = lineMutated(manifest);
      const zip = await zipOf([['archive.json', Buffer.from(text)], ...others]);
      cases.push({ label: `archive.json: a line (${how})`, bytes: zip, fileName: 'export.zip' });
    }
  }
  return cases;
}

/** The job's address for an accepted import of each route. */
const JOBS = { '/api/family/gedcom': '/api/family/gedcom/imports', '/api/imports': '/api/imports' } as const;
type Route = keyof typeof JOBS;

function sentence(value: unknown): boolean {
  return typeof value === 'string' && value.trim().length > 0 && !/\n\s+at /.test(value);
}

/** Sends one case as a browser sends a file; answers the status and body, 0 when no answer came. */
async function send(cookie: string, route: Route, item: Case): Promise<{ status: number; body: any }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(item.bytes)]), item.fileName);
  try {
    const response = await fetch(`${baseUrl}${route}`, {
      method: 'POST',
      headers: { cookie },
      body: form,
      signal: AbortSignal.timeout(60_000),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: judged as it is
    }
    return { status: response.status, body };
  } catch {
    return { status: 0, body: undefined };
  }
}

/** Follows an accepted import until it ends: a report (done, ready) or a sentence (failed). */
async function ending(
  cookie: string,
  route: Route,
  id: number,
  deadline: number,
): Promise<{ ok: boolean; seen: string }> {
  for (;;) {
    const job = await call('GET', `${JOBS[route]}/${id}`, { cookie });
    if (job.status !== 200)
      return { ok: false, seen: `job ${id}: ${job.status} ${JSON.stringify(job.body)?.slice(0, 200)}` };
    const { status, report, error } = job.body as { status: string; report: unknown; error: unknown };
    if (status === 'done' || status === 'ready') {
      return { ok: report !== null && typeof report === 'object', seen: `${status} with a report` };
    }
    if (status === 'failed') return { ok: sentence(error), seen: `failed: ${String(error).slice(0, 160)}` };
    if (Date.now() > deadline) return { ok: false, seen: `job ${id} still ${status}` };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Sends every case, then follows the accepted ones to their end. */
async function fuzz(cookie: string, route: Route, cases: Case[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  const accepted: Array<{ label: string; id: number }> = [];
  for (const [index, item] of cases.entries()) {
    const { status, body } = await send(cookie, route, item);
    const label = `${route} #${index} ${item.label} (${item.bytes.length} bytes)`;
    if (status === 202 && typeof body?.id === 'number') accepted.push({ label, id: body.id });
    else {
      const ok = status >= 400 && status < 500 && sentence(body?.message);
      outcomes.push({ label, seen: `${status} ${JSON.stringify(body)?.slice(0, 200)}`, ok });
    }
  }
  const deadline = Date.now() + 90_000;
  for (const { label, id } of accepted) outcomes.push({ label, ...(await ending(cookie, route, id, deadline)) });
  return outcomes;
}

/** An export the archive itself makes of a member's few things: the real ZIP an import takes. */
async function realExport(cookie: string): Promise<Buffer> {
  const photo = new FormData();
  photo.set('type', 'photo');
  photo.set('title', 'Harbour');
  photo.set('description', 'The boats at dusk');
  photo.set('file', new Blob([new Uint8Array(png([10, 80, 160], 48))], { type: 'image/png' }), 'harbour.png');
  expect((await fetch(`${baseUrl}/api/media`, { method: 'POST', headers: { cookie }, body: photo })).status).toBe(201);
  const post = new FormData();
  post.set('type', 'post');
  post.set('title', 'Recipe');
  post.set('content', 'Flour, eggs, patience.');
  expect((await fetch(`${baseUrl}/api/media`, { method: 'POST', headers: { cookie }, body: post })).status).toBe(201);
  expect((await call('POST', '/api/albums', { cookie, body: { name: 'Summer', isShared: false } })).status).toBe(201);
  expect(
    (await call('POST', '/api/memories', { cookie, body: { title: 'Storm', content: 'No lights.' } })).status,
  ).toBe(201);
  const started = await call('POST', '/api/exports', { cookie, body: { scope: 'mine' } });
  expect(started.status).toBe(202);
  await faults.waitFor(
    async () => (await call('GET', `/api/exports/${started.body.id}`, { cookie })).body?.status === 'ready',
    'the export was not ready',
    60_000,
  );
  const zip = await fetch(`${baseUrl}/api/exports/${started.body.id}/download`, { headers: { cookie } });
  expect(zip.status).toBe(200);
  return Buffer.from(await zip.arrayBuffer());
}

it('answers every mutated, random or broken import with a 4xx sentence or a job that ends with a report or a sentence', async () => {
  const person = await signUp('fuzz');
  const before = pids();
  const exportZip = await realExport(person.cookie);
  const outcomes = [
    ...(await fuzz(person.cookie, '/api/family/gedcom', await gedcomCases())),
    ...(await fuzz(person.cookie, '/api/imports', await takeoutCases(exportZip))),
  ];
  const tally = new Map<string, number>();
  for (const { seen } of outcomes) {
    const kind = seen.split(/[ :]/)[0];
    tally.set(kind, (tally.get(kind) ?? 0) + 1);
  }
  console.log(
    `Import fuzz (seed ${SEED}): ${outcomes.length} inputs; ${[...tally].map(([kind, n]) => `${kind}: ${n}`).join(', ')}`,
  );
  // Imports that failed with a sentence are right, and worth reading: each says what the person was told.
  const failed = outcomes.filter((outcome) => outcome.ok && outcome.seen.startsWith('failed'));
  if (failed.length) console.log(failed.map(({ label, seen }) => `${label} -> ${seen}`).join('\n'));
  expect(outcomes.filter((outcome) => !outcome.ok).map(({ label, seen }) => `${label} -> ${seen}`)).toEqual([]);
  // Nothing died or was restarted, and the archive still answers.
  expect(pids()).toEqual(before);
  for (const pid of Object.values(pids())) expect(faults.alive(pid)).toBe(true);
  expect((await call('GET', '/api/health')).status).toBe(200);
  expect((await call('GET', '/api/user', { cookie: person.cookie })).status).toBe(200);
  // About a minute here; room for a busy machine.
}, 300_000);
