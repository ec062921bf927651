import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { GedcomImportStatus } from '@family/contract';
import { readGedcom } from '../../services/family/src/gedcom-format/reader';
import { validateGedcom7 } from '../../services/family/src/gedcom-format/gedcom7-validator';
import { signUp, type SignedUp } from '../support/api';
import { repoRoot } from '../support/stack';

const GEDCOM_DIR = path.join(repoRoot, '..', 'shared', 'gedcom');
const FILE = 'edge-cases/ancestry-2025-export.ged';
const counts: Record<string, { indi: number; fam: number }> = JSON.parse(
  readFileSync(path.join(GEDCOM_DIR, 'counts.json'), 'utf8'),
);

function gedcomForm(bytes: Buffer, name: string): FormData {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  return form;
}

/** Uploads through the gateway and follows the import, as the web app does, until it is done or failed. */
async function importThroughGateway(me: SignedUp, bytes: Buffer, name: string): Promise<GedcomImportStatus> {
  const started = await me.client.post<GedcomImportStatus>('/api/family/gedcom', gedcomForm(bytes, name));
  expect({ status: started.status, body: started.body }).toMatchObject({ status: 202, body: { status: 'queued' } });
  const seen = new Set<number>();
  for (let tries = 0; tries < 300; tries++) {
    const { status, body } = await me.client.get<GedcomImportStatus>(`/api/family/gedcom/imports/${started.body.id}`);
    expect(status).toBe(200);
    seen.add(body.progress);
    if (body.status === 'done' || body.status === 'failed') return body;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the import did not finish in a minute');
}

describe('GEDCOM in and out through the gateway', () => {
  let me: SignedUp;

  beforeAll(async () => {
    me = await signUp('gedcom');
  });

  it('imports a real export, adds nobody the second time, and downloads a valid GEDCOM 7 with those people', async () => {
    const bytes = readFileSync(path.join(GEDCOM_DIR, FILE));
    const expected = readGedcom(bytes);
    const first = await importThroughGateway(me, bytes, 'ancestry.ged');
    expect({ status: first.status, error: first.error }).toEqual({ status: 'done', error: null });
    expect(first.report).toMatchObject({ people: counts[FILE]!.indi, created: counts[FILE]!.indi, matched: 0 });
    expect(first.report!.partnerships + first.report!.children).toBeGreaterThan(0);

    const found = await me.client.get(`/api/people?q=${encodeURIComponent(expected.people[0]!.surname!)}`);
    expect(found.body.items.length).toBeGreaterThan(0);

    const again = await importThroughGateway(me, bytes, 'ancestry-again.ged');
    expect(again.report).toMatchObject({
      people: counts[FILE]!.indi,
      created: 0,
      alreadyImported: counts[FILE]!.indi,
      partnerships: 0,
      children: 0,
    });

    const list = await me.client.get<GedcomImportStatus[]>('/api/family/gedcom/imports');
    expect(list.body.map((item) => item.id)).toEqual(expect.arrayContaining([first.id, again.id]));

    const download = await me.client.get<string>('/api/family/gedcom?living=full');
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(/family\.ged/);
    expect(validateGedcom7(download.body)).toEqual([]);
    const exported = readGedcom(Buffer.from(download.body, 'utf8'));
    const named = (p: { givenName: string | null; surname: string | null; birth: { date: string | null } | null }) =>
      `${p.givenName ?? ''}|${p.surname ?? ''}|${p.birth?.date ?? ''}`;
    expect(exported.people.map(named)).toEqual(expect.arrayContaining(expected.people.map(named)));

    const hidden = await me.client.get<string>('/api/family/gedcom?living=exclude');
    expect(validateGedcom7(hidden.body)).toEqual([]);
    expect(readGedcom(Buffer.from(hidden.body, 'utf8')).people.length).toBeLessThan(exported.people.length);
  });

  it('imports its own download back into the same archive adding nobody and no ties', async () => {
    const before = await me.client.get<string>('/api/family/gedcom');
    expect(before.status).toBe(200);
    const exported = readGedcom(Buffer.from(before.body, 'utf8'));
    expect(exported.people.length).toBeGreaterThan(counts[FILE]!.indi);
    expect(exported.people.every((person) => person.uids?.length === 1)).toBe(true);

    const back = await importThroughGateway(me, Buffer.from(before.body, 'utf8'), 'family.ged');
    expect({ status: back.status, error: back.error }).toEqual({ status: 'done', error: null });
    expect(back.report).toMatchObject({
      people: exported.people.length,
      created: 0,
      matched: 0,
      alreadyImported: exported.people.length,
      partnerships: 0,
      children: 0,
    });
    // The same people and families as before, each under the same UID.
    const after = readGedcom(Buffer.from((await me.client.get<string>('/api/family/gedcom')).body, 'utf8'));
    const uids = (data: typeof exported) => data.people.map((person) => person.uids![0]).sort();
    expect(uids(after)).toEqual(uids(exported));
    expect(after.families.length).toBe(exported.families.length);
  });

  it('refuses what is not GEDCOM and malformed files with a sentence, and an unknown living choice', async () => {
    const garbage = await me.client.post('/api/family/gedcom', gedcomForm(Buffer.alloc(64 * 1024, 0x9c), 'family.ged'));
    expect(garbage.status).toBe(415);
    expect(garbage.body.message).toMatch(/not GEDCOM/);
    const malformed = await me.client.post(
      '/api/family/gedcom',
      gedcomForm(readFileSync(path.join(GEDCOM_DIR, 'malformed/missing-header.ged')), 'family.ged'),
    );
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/^[A-Z].*\.$/);
    const living = await me.client.get('/api/family/gedcom?living=everyone');
    expect(living.status).toBe(400);
    expect(typeof living.body.message).not.toBe('undefined');
    const other = await signUp('gedcom-other');
    const list = await other.client.get<GedcomImportStatus[]>('/api/family/gedcom/imports');
    expect(list.body).toEqual([]);
  });

  it('refuses a file over the people cap with 413 and a sentence, and imports a name holding a NUL', async () => {
    const head = '0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR UTF-8\n';
    const people = Array.from({ length: 50_002 }, (_, n) => `0 @I${n}@ INDI\n1 NAME P${n} /Q/\n`).join('');
    const before = await me.client.get<GedcomImportStatus[]>('/api/family/gedcom/imports');
    const refused = await me.client.post(
      '/api/family/gedcom',
      gedcomForm(Buffer.from(`${head}${people}0 TRLR\n`), 'big.ged'),
    );
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 413,
      body: expect.objectContaining({
        message: expect.stringMatching(/^The file holds more than 50,000 people; .*\.$/),
      }),
    });
    const after = await me.client.get<GedcomImportStatus[]>('/api/family/gedcom/imports');
    expect(after.body).toEqual(before.body);

    const nul = Buffer.from(`${head}0 @I1@ INDI\n1 NAME Gre\u0000ta /Nulsson/\n0 TRLR\n`);
    const done = await importThroughGateway(me, nul, 'nul.ged');
    expect({ status: done.status, error: done.error }).toEqual({ status: 'done', error: null });
    const found = await me.client.get('/api/people?q=Nulsson');
    expect(found.body.items.map((person: { displayName: string }) => person.displayName)).toEqual(['Greta Nulsson']);
  });
});
