import { readdirSync, readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { join, relative, resolve } from 'node:path';
import { Readable } from 'node:stream';
import request from 'supertest';
import yazl from 'yazl';
import type { GedcomImportStatus } from '@family/contract';
import type { ObjectStorage } from '@family/shared/storage';
import { asUser } from '@family/shared/testing';
import { GedcomImportRepository } from '../src/gedcom-archive/import.repository';
import { GedcomImporter } from '../src/gedcom-archive/importer';
import { GEDCOM_STORAGE } from '../src/gedcom-archive/jobs';
import type { GedcomData } from '../src/gedcom-format/data';
import { readGedcom } from '../src/gedcom-format/reader';
import { syntheticGedcom } from '../src/gedcom-format/synthetic-family';
import { validateGedcom7 } from '../src/gedcom-format/gedcom7-validator';
import { gedcomImports, startGedcomStack } from './gedcom-stack';

const GEDCOM_DIR = resolve(__dirname, '../../../../shared/gedcom');
const counts: Record<string, { indi: number }> = JSON.parse(readFileSync(join(GEDCOM_DIR, 'counts.json'), 'utf8'));
const REFUSED = ['malformed/duplicate-xref.ged', 'malformed/missing-header.ged'];

function zipOf(files: Record<string, Buffer>, options: { compress?: boolean } = {}): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, bytes] of Object.entries(files)) zip.addBuffer(bytes, name, { compress: options.compress ?? true });
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((done, fail) => {
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => done(Buffer.concat(chunks)));
    zip.outputStream.on('error', fail);
  });
}

function folderFiles(dir: string): Record<string, Buffer> {
  const out: Record<string, Buffer> = {};
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else out[relative(dir, path)] = readFileSync(path);
    }
  };
  walk(dir);
  return out;
}

/** What a round trip must keep: people, names, sexes, dates, places, partnerships and child ties, by position. */
function essence(data: GedcomData) {
  const index = new Map(data.people.map((person, i) => [person.id, i]));
  const people = data.people.map((p) => ({
    givenName: p.givenName,
    surname: p.surname,
    sex: p.sex ?? 'U',
    birth: p.birth && (p.birth.date || p.birth.place) ? p.birth : null,
    death: p.death,
  }));
  const families = data.families
    .map((family) => ({
      partners: family.partners.map((id) => index.get(id)).sort(),
      marriage: family.marriage,
      divorce: family.divorce ? { date: family.divorce.date, place: family.divorce.place } : null,
      children: family.children
        .flatMap((child) =>
          Object.entries(child.relations).map(
            ([parent, kind]) => `${index.get(child.person)}<${index.get(parent)}:${kind}`,
          ),
        )
        .sort(),
    }))
    .map((family) => JSON.stringify(family))
    .sort();
  return { people, families };
}

describe('GEDCOM import and export (real Postgres, auth, profile, media, family and its worker)', () => {
  let stack: Awaited<ReturnType<typeof startGedcomStack>>;
  const member = { id: 90_000_001, username: 'gedcom-importer' };

  const emptyArchive = async () => {
    await stack.db
      .query(`TRUNCATE family.relations, family.tie_changes, family.gedcom_people, family.gedcom_uids, family.gedcom_imports,
      profile.profiles, profile.person_changes, media.media_items, media.media_tags CASCADE`);
    await stack.db.query(`DELETE FROM auth.accounts`);
    // The member is in every export; with a name and birth date, importing that export matches them.
    await stack.db.query(
      `INSERT INTO profile.profiles (user_id, username, display_name, given_name, surname, birth_date)
       VALUES ($1, $2, 'Ingrid Testmark', 'Ingrid', 'Testmark', '12 APR 1961')`,
      [member.id, member.username],
    );
  };

  const { upload, importFile } = gedcomImports(() => stack, member);

  /** The worker's own import code on a stored file, without the queue's polling: the round trip of 92 files. */
  const importInProcess = async (bytes: Buffer, name: string): Promise<GedcomImportStatus> => {
    const key = `gedcom/${randomUUID()}`;
    await stack.worker.get<ObjectStorage>(GEDCOM_STORAGE).put(key, Readable.from([bytes]));
    const imports = stack.worker.get(GedcomImportRepository);
    const { id } = await imports.create(member.id, name, key, 'ged');
    await stack.worker
      .get(GedcomImporter)
      .run({ id: `test-${id}`, data: { importId: id }, attempt: 1, lastAttempt: true });
    return (await imports.status(id))!;
  };

  const exportText = async (living = 'full') => {
    const response = await request(stack.family.url)
      .get(`/api/family/gedcom?living=${living}`)
      .set(asUser(member))
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks).toString('utf8')));
      })
      .expect(200);
    return response.body as string;
  };

  const peopleCount = async () =>
    Number((await stack.db.query(`SELECT count(*) FROM profile.profiles WHERE username IS NULL`)).rows[0].count);
  const tieCount = async () => Number((await stack.db.query(`SELECT count(*) FROM family.relations`)).rows[0].count);
  const leftovers = async () => ({
    imports: Number((await stack.db.query(`SELECT count(*) FROM family.gedcom_imports`)).rows[0].count),
    people: await peopleCount(),
    accounts: Number((await stack.db.query(`SELECT count(*) FROM auth.accounts`)).rows[0].count),
    stored: (await readdir(join(stack.storage, 'gedcom')).catch(() => [])).length,
  });

  beforeAll(async () => {
    stack = await startGedcomStack();
    // Ids far from the fixed ids other test files give their people.
    await stack.db.query(`ALTER SEQUENCE auth.accounts_id_seq RESTART WITH 50000000`);
  });

  beforeEach(() => emptyArchive());

  afterAll(async () => {
    await emptyArchive();
    await stack.db.query(`DELETE FROM profile.profiles WHERE user_id = $1`, [member.id]);
    await stack.close();
  });

  it('refuses what is not GEDCOM with 415, and malformed files and bad ZIPs with 400, leaving nothing behind', async () => {
    const garbage = await upload(Buffer.alloc(2 * 1024 * 1024, 0x9c), 'family.ged');
    expect(garbage.status).toBe(415);
    expect(garbage.body.message).toMatch(/not GEDCOM/);
    for (const file of REFUSED) {
      const refused = await upload(readFileSync(join(GEDCOM_DIR, file)), 'family.ged');
      expect({ file, status: refused.status }).toEqual({ file, status: 400 });
      expect(refused.body.message).toMatch(/\.$/);
    }
    const ged = readFileSync(join(GEDCOM_DIR, 'gedcom-5.5.1/', readdirSync(join(GEDCOM_DIR, 'gedcom-5.5.1'))[0]!));
    // yazl refuses to write such a name, as any honest zipper would: the name is changed in the bytes.
    const safe = await zipOf({ 'family.ged': ged, 'aa/aa/x.jpg': Buffer.from('x') });
    const climbing = await upload(
      Buffer.from(safe.toString('latin1').replaceAll('aa/aa/x.jpg', '../../x.jpg'), 'latin1'),
      'f.zip',
    );
    expect(climbing.status).toBe(400);
    expect(climbing.body.message).toMatch(/points outside the ZIP/);
    const bomb = await upload(await zipOf({ 'family.ged': ged, 'big.bin': Buffer.alloc(300 * 1024 * 1024) }), 'b.zip');
    expect(bomb.status).toBe(400);
    expect(bomb.body.message).toMatch(/ZIP bomb/);
    const noGedcom = await upload(await zipOf({ 'photo.jpg': Buffer.from('x') }), 'photos.zip');
    expect(noGedcom.status).toBe(400);
    expect(noGedcom.body.message).toMatch(/no GEDCOM file/);
    expect(await leftovers()).toEqual({ imports: 0, people: 0, accounts: 0, stored: 0 });
  }, 120_000);

  it('imports 3,000 people in seconds, and the same file again adds nobody', async () => {
    const file = Buffer.from(syntheticGedcom(3000), 'utf8');
    const started = Date.now();
    const first = await importFile(file, 'synthetic.ged');
    const seconds = (Date.now() - started) / 1000;
    console.log(`3,000-person import: ${seconds.toFixed(1)} s`);
    expect({ status: first.status, error: first.error }).toEqual({ status: 'done', error: null });
    expect(first.report).toMatchObject({ people: 3000, created: 3000, matched: 0, alreadyImported: 0 });
    expect(seconds).toBeLessThan(30);
    expect(await peopleCount()).toBe(3000);
    const again = await importFile(file, 'synthetic.ged');
    expect(again.report).toMatchObject({
      people: 3000,
      created: 0,
      alreadyImported: 3000,
      partnerships: 0,
      children: 0,
    });
    expect(await peopleCount()).toBe(3000);
    expect(await leftovers()).toMatchObject({ stored: 0 });
  }, 120_000);

  it('matches people already in the archive by name and birth date instead of doubling them', async () => {
    const file = (given: string) =>
      Buffer.from(
        `0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR UTF-8\n0 @I1@ INDI\n1 NAME ${given} /Lindqvist/\n1 BIRT\n2 DATE 3 MAR 1921\n` +
          `0 @I2@ INDI\n1 NAME Sven /Lindqvist/\n1 FAMS @F1@\n0 @F1@ FAM\n1 HUSB @I2@\n1 CHIL @I1@\n0 TRLR\n`,
      );
    const first = await importFile(file('Astrid'), 'a.ged');
    expect(first.report).toMatchObject({ created: 2, matched: 0, children: 1 });
    // Another program's export of the same family: other identifiers, other bytes.
    const renamed = file('Astrid').toString().replace(/@I1@/g, '@P7@').replace('5.5.1', '5.5');
    const other = await importFile(Buffer.from(renamed), 'b.ged');
    expect(other.report).toMatchObject({ people: 2, matched: 1, created: 1 });
    expect(await peopleCount()).toBe(3);
  }, 60_000);

  it('an export imported into the same archive adds nobody and no ties: everyone is found by their UID', async () => {
    const first = await importInProcess(readFileSync(join(GEDCOM_DIR, 'with-media/kennedy/kennedy.ged')), 'k.ged');
    expect(first.report).toMatchObject({ people: 208, created: 208 });
    const before = { people: await peopleCount(), ties: await tieCount() };
    expect(before.ties).toBeGreaterThan(100);
    // The default export: living people by name only, so a name and birth date could not find them.
    const exported = await exportText('names');
    expect(exported.match(/^1 UID [0-9a-f-]{36}$/gm)).toHaveLength(209);
    const again = await importInProcess(Buffer.from(exported, 'utf8'), 'family.ged');
    expect(again.report).toMatchObject({
      people: 209,
      created: 0,
      matched: 0,
      alreadyImported: 209,
      partnerships: 0,
      children: 0,
      skipped: [],
    });
    expect({ people: await peopleCount(), ties: await tieCount() }).toEqual(before);
  }, 60_000);

  it('names the people of a tie the archive refuses, with their years', async () => {
    const family = (parents: [string, string, string][]) =>
      Buffer.from(
        [
          '0 HEAD',
          '1 GEDC',
          '2 VERS 5.5.1',
          '1 CHAR UTF-8',
          '0 @I1@ INDI',
          '1 NAME Karin /Berg/',
          '1 BIRT',
          '2 DATE ABT 1925',
          ...parents.flatMap(([xref, name, born], index) => [
            `0 @${xref}@ INDI`,
            `1 NAME ${name}`,
            `1 SEX ${index === 0 ? 'M' : 'F'}`,
            '1 BIRT',
            `2 DATE ${born}`,
          ]),
          '0 @F1@ FAM',
          `1 HUSB @${parents[0]![0]}@`,
          `1 WIFE @${parents[1]![0]}@`,
          '1 CHIL @I1@',
          '0 TRLR',
          '',
        ].join('\n'),
      );
    await importInProcess(
      family([
        ['I2', 'Sven /Berg/', '1890'],
        ['I3', 'Astrid /Berg/', '1894'],
      ]),
      'berg.ged',
    );
    // Another program's file: Karin again (same name and birth date), with two other birth parents.
    const other = await importInProcess(
      family([
        ['P7', 'Olof /Lund/', 'BET 1888 AND 1890'],
        ['P8', 'Greta /Lund/', '1892'],
      ]),
      'lund.ged',
    );
    expect(other.report).toMatchObject({ matched: 1, created: 2, children: 0 });
    expect(other.report!.skipped.map((line) => line.reason)).toEqual([
      'Line 22: in the archive Karin Berg (born about 1925) already has two birth parents, so Olof Lund (born 1888/1890) was not added as a third.',
      'Line 22: in the archive Karin Berg (born about 1925) already has two birth parents, so Greta Lund (born 1892) was not added as a third.',
    ]);
  }, 60_000);

  it('skips a tie that would make someone in the archive their own ancestor, and keeps the rest of the file', async () => {
    const gedcom = (lines: string[]) => Buffer.from(['0 HEAD', '1 CHAR UTF-8', ...lines, '0 TRLR', ''].join('\n'));
    const person = (xref: string, name: string, born: string) => [
      `0 @${xref}@ INDI`,
      `1 NAME ${name}`,
      '1 BIRT',
      `2 DATE ${born}`,
    ];
    // Ida is Nils's mother, and Nils is Ebba's father.
    await importInProcess(
      gedcom([
        ...person('I1', 'Ida /Ek/', '1901'),
        ...person('I2', 'Nils /Ek/', '1930'),
        ...person('I3', 'Ebba /Ek/', '1960'),
        '0 @F1@ FAM',
        '1 WIFE @I1@',
        '1 CHIL @I2@',
        '0 @F2@ FAM',
        '1 HUSB @I2@',
        '1 CHIL @I3@',
      ]),
      'ek.ged',
    );
    // Another file, the same three people by name and birth: Ebba as Ida's mother (a circle), and Ebba's son Per.
    const other = await importInProcess(
      gedcom([
        ...person('P1', 'Ida /Ek/', '1901'),
        ...person('P3', 'Ebba /Ek/', '1960'),
        ...person('P4', 'Per /Ek/', '1990'),
        '0 @F9@ FAM',
        '1 WIFE @P3@',
        '1 CHIL @P1@',
        '1 CHIL @P4@',
      ]),
      'ek-wrong.ged',
    );
    expect(other.report).toMatchObject({ matched: 2, created: 1, children: 1 });
    expect(other.report!.skipped.map((line) => line.reason)).toEqual([
      'Line 17: in the archive Ebba Ek (born 1960) already descends from Ida Ek (born 1901), so cannot also be their parent; the tie was skipped.',
    ]);
  }, 60_000);

  it('keeps other programs’ UIDs: a later export of theirs finds the same people under new ids and names', async () => {
    const original = readFileSync(join(GEDCOM_DIR, 'edge-cases/rootsmagic-2026-export.ged'), 'utf8');
    const first = await importInProcess(Buffer.from(original), 'rm.ged');
    expect(first.report).toMatchObject({ people: 14, created: 14 });
    // Other record ids and respelled given names: neither the file's map nor name and birth date can match.
    const later = original.replace(/@I(\d+)@/g, '@P$1@').replace(/^(1 NAME |2 GIVN )/gm, '$1Re');
    const again = await importInProcess(Buffer.from(later), 'rm-later.ged');
    expect(again.report).toMatchObject({ people: 14, created: 0, matched: 0, alreadyImported: 14 });
    expect(await peopleCount()).toBe(14);
    // The archive's export carries them on, beside its own.
    expect(await exportText('full')).toContain('1 UID F08626283300F111AC39EE3E4291474468A3');
  }, 60_000);

  it('brings a GEDZIP’s photos and documents in as media tagged with their people; missing files are reported', async () => {
    for (const name of ['kennedy', 'bourbon']) {
      await emptyArchive();
      const folder = join(GEDCOM_DIR, 'with-media', name);
      const files = folderFiles(folder);
      const done = await importFile(await zipOf(files), `${name}.zip`);
      expect(done.status).toBe('done');
      const expected = readGedcom(files[`${name}.ged`]!);
      const items = Number((await stack.db.query(`SELECT count(*) FROM media.media_items`)).rows[0].count);
      expect(done.report!.media).toBeGreaterThan(0);
      expect(items).toBeGreaterThan(0);
      expect(done.report!.media + done.report!.missingMedia.length).toBe(expected.media.length);
      const tagged = Number(
        (await stack.db.query(`SELECT count(DISTINCT media_id) FROM media.media_tags`)).rows[0].count,
      );
      expect(tagged).toBeGreaterThan(0);
      // The export links each tagged file to its people by the file's name.
      const exported = await exportText('full');
      expect(validateGedcom7(exported)).toEqual([]);
      const linked = readGedcom(Buffer.from(exported)).media;
      expect(linked).toHaveLength(tagged);
      for (const file of linked) {
        expect(file.people.length).toBeGreaterThan(0);
        expect(
          expected.media.some(
            (named) => named.path.replaceAll('\\', '/').endsWith(`/${file.path}`) || named.path === file.path,
          ),
        ).toBe(true);
      }
      console.log(
        `${name}: ${done.report!.media} media, ${done.report!.missingMedia.length} missing or refused`,
        done.report!.missingMedia.slice(0, 3),
      );
    }
  }, 180_000);

  const importable = Object.keys(counts).filter((file) => !REFUSED.includes(file));
  it.each(importable)(
    '%s: import, export, import into an empty archive keeps the family',
    async (file) => {
      const bytes = readFileSync(join(GEDCOM_DIR, file));
      const first = await importInProcess(bytes, file.split('/').pop()!);
      expect({ file, status: first.status, error: first.error }).toEqual({ file, status: 'done', error: null });
      expect(first.report!.people).toBe(counts[file]!.indi);
      const exported = await exportText('full');
      expect(validateGedcom7(exported)).toEqual([]);
      await emptyArchive();
      const second = await importInProcess(Buffer.from(exported, 'utf8'), 'family.ged');
      // The member, found by the UID the export gave them; everyone else was deleted and comes in new.
      expect({
        status: second.status,
        alreadyImported: second.report?.alreadyImported,
        matched: second.report?.matched,
      }).toEqual({ status: 'done', alreadyImported: 1, matched: 0 });
      const again = await exportText('full');
      expect(essence(readGedcom(Buffer.from(again)))).toEqual(essence(readGedcom(Buffer.from(exported))));
      // Everyone the file brought, and the member.
      expect(readGedcom(Buffer.from(again)).people).toHaveLength(first.report!.created + 1);
    },
    60_000,
  );
});
