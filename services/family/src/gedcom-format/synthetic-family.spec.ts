import { once } from 'node:events';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { GedcomData } from './data';
import { createDecoder } from './encoding';
import { GedcomRecordReader } from './lines';
import { GedcomParser, readGedcom } from './reader';
import { syntheticGedcom, syntheticGedcomLines } from './synthetic-family';

/** The longest line of descent, in generations. */
function generations(data: GedcomData): number {
  const parents = new Map<string, string[]>();
  for (const family of data.families) {
    for (const child of family.children) parents.set(child.person, Object.keys(child.relations));
  }
  const depth = new Map<string, number>();
  const depthOf = (id: string): number => {
    if (!depth.has(id)) depth.set(id, 1 + Math.max(0, ...(parents.get(id) ?? []).map(depthOf)));
    return depth.get(id)!;
  };
  return Math.max(...data.people.map((person) => depthOf(person.id)));
}

describe(syntheticGedcom.name, () => {
  it('makes exactly the people asked for, as a GEDCOM file with nothing to skip or warn about', () => {
    for (const count of [1, 7, 3000]) {
      const result = readGedcom(Buffer.from(syntheticGedcom(count)));
      expect(result.people).toHaveLength(count);
      expect(result.report.skipped).toEqual([]);
      expect(result.report.warnings).toEqual([]);
    }
  });

  it('makes a family of several generations, with remarriages, divorces and adoptions', () => {
    const result = readGedcom(Buffer.from(syntheticGedcom(3000)));
    expect(generations(result)).toBeGreaterThanOrEqual(6);
    const marriages = new Map<string, number>();
    for (const family of result.families)
      for (const id of family.partners) marriages.set(id, (marriages.get(id) ?? 0) + 1);
    expect([...marriages.values()].filter((count) => count > 1).length).toBeGreaterThan(10);
    expect(result.families.filter((family) => family.divorce).length).toBeGreaterThan(5);
    const ties = result.families.flatMap((family) =>
      family.children.flatMap((child) => Object.values(child.relations)),
    );
    expect(ties.filter((relation) => relation === 'adopted').length).toBeGreaterThan(10);
    expect(result.people.filter((person) => person.death).length).toBeGreaterThan(1000);
    expect(result.people.filter((person) => person.story).length).toBe(300);
  });

  it('gives the same file for the same size and seed, and another for another seed', () => {
    expect(syntheticGedcom(500)).toBe(syntheticGedcom(500));
    expect(syntheticGedcom(500, { seed: 7 })).not.toBe(syntheticGedcom(500));
  });
});

describe('reading 50,000 people', () => {
  let dir: string;
  let file: string;
  // Heap in use after a full collection: what the program holds, not garbage waiting to be collected.
  setFlagsFromString('--expose-gc');
  const collect = runInNewContext('gc') as () => void;
  const heldBytes = () => {
    collect();
    return process.memoryUsage().heapUsed;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gedcom-'));
    file = join(dir, 'synthetic-50000.ged');
    const out = createWriteStream(file);
    let batch = '';
    for (const line of syntheticGedcomLines(50_000)) {
      batch += line;
      if (batch.length > 64 * 1024 && !out.write(batch)) await once(out, 'drain');
      if (batch.length > 64 * 1024) batch = '';
    }
    out.end(batch);
    await once(out, 'finish');
  }, 120_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the text as a stream: decoding and the record tree hold one record, never the file', async () => {
    const fileBytes = statSync(file).size;
    expect(fileBytes).toBeGreaterThan(10_000_000);
    let records = 0;
    const reader = new GedcomRecordReader({ record: () => records++, skip: () => undefined });
    const decoder = createDecoder('UTF-8');
    const before = heldBytes();
    let most = 0;
    let chunks = 0;
    for await (const chunk of createReadStream(file, { highWaterMark: 64 * 1024 })) {
      reader.push(decoder.decode(chunk as Buffer, false));
      if (++chunks % 16 === 0) most = Math.max(most, heldBytes() - before);
    }
    reader.end();
    expect(records).toBeGreaterThan(50_000);
    expect(reader.maxRecordLines).toBeLessThan(40);
    // Holding the text alone would take more than the file's 11 MB.
    expect(most).toBeLessThan(4_000_000);
  }, 120_000);

  it('imports in memory that grows with the people kept, not with the text', async () => {
    const parser = new GedcomParser();
    const before = heldBytes();
    let most = 0;
    let chunks = 0;
    for await (const chunk of createReadStream(file, { highWaterMark: 64 * 1024 })) {
      parser.write(chunk as Buffer);
      if (++chunks % 16 === 0) most = Math.max(most, heldBytes() - before);
    }
    const result = parser.end();
    most = Math.max(most, heldBytes() - before);
    expect(result.people).toHaveLength(50_000);
    expect(result.report.skipped).toEqual([]);
    expect(parser.largestRecordLines).toBeLessThan(40);
    // About 1.5 KB a person at the peak (names, dates, places and links as JavaScript objects).
    expect(most / result.people.length).toBeLessThan(2500);
  }, 120_000);
});
