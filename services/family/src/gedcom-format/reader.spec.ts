import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { GedcomImport } from './data';
import { checkGedcomStream, GedcomRefusedError, GedcomTooLargeError, readGedcom, readGedcomStream } from './reader';

/** The shared GEDCOM files: ../shared/gedcom from the repository root. */
const GEDCOM_DIR = resolve(__dirname, '../../../../../shared/gedcom');
type Counts = { indi: number; fam: number; obje: number; sour: number; version: string | null; char: string | null };
const counts: Record<string, Counts> = JSON.parse(readFileSync(join(GEDCOM_DIR, 'counts.json'), 'utf8'));
const read = (file: string) => readGedcom(readFileSync(join(GEDCOM_DIR, file)));
const person = (result: GedcomImport, id: string) => result.people.find((candidate) => candidate.id === id)!;

const REFUSED: Record<string, string> = {
  'malformed/duplicate-xref.ged':
    'Line 8 gives the identifier @I1@ to a second record (the first is at line 5); links to it would be ambiguous, so the file cannot be imported.',
  'malformed/missing-header.ged':
    'The file has no GEDCOM header: it must start with the line "0 HEAD", but line 1 is "0 @I1@ INDI".',
};

function gedcomFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return gedcomFiles(path);
    return /\.ged$/i.test(entry.name) ? [relative(GEDCOM_DIR, path)] : [];
  });
}

async function* chunksOf(bytes: Buffer, size: number) {
  for (let offset = 0; offset < bytes.length; offset += size) yield bytes.subarray(offset, offset + size);
}

describe('reading the shared GEDCOM files', () => {
  it('has counts for every .ged file in the folder', () => {
    expect(gedcomFiles(GEDCOM_DIR).sort()).toEqual(Object.keys(counts).sort());
  });

  it.each(Object.entries(counts).filter(([file]) => !(file in REFUSED)))(
    '%s imports with the counts of counts.json',
    (file, expected) => {
      const result = read(file);
      expect({
        indi: result.people.length,
        fam: result.families.length,
        obje: result.records.OBJE ?? 0,
        sour: result.records.SOUR ?? 0,
        version: result.version,
      }).toEqual({
        indi: expected.indi,
        fam: expected.fam,
        obje: expected.obje,
        sour: expected.sour,
        version: expected.version,
      });
      expect(result.report.people).toBe(expected.indi);
      expect(result.encoding).not.toBe('');
    },
  );

  it.each(Object.entries(REFUSED))('%s is refused with a sentence', (file, message) => {
    expect(() => read(file)).toThrow(new GedcomRefusedError(message, false));
  });

  it.each(Object.keys(counts).filter((file) => !(file in REFUSED)))(
    '%s reads the same streamed in small chunks as whole',
    async (file) => {
      const bytes = readFileSync(join(GEDCOM_DIR, file));
      const streamed = await readGedcomStream(chunksOf(bytes, bytes.length > 200_000 ? 4093 : 7));
      expect(streamed).toEqual(readGedcom(bytes));
    },
  );
});

describe('malformed files', () => {
  const skipped = (file: string) => read(`malformed/${file}`).report.skipped;

  it('skips blank lines and keeps both people', () => {
    const result = read('malformed/blank-lines.ged');
    expect(result.people.map((p) => [p.givenName, p.surname, p.sex])).toEqual([
      ['Before', 'Blank', 'M'],
      ['After', 'Blank', null],
    ]);
    expect(result.report.skipped).toEqual([
      { line: 15, reason: 'Line 15 is empty.' },
      { line: 17, reason: 'Line 17 is empty.' },
      { line: 20, reason: 'Line 20 is empty.' },
    ]);
  });

  it('skips the lines whose level jumps, with the lines under them', () => {
    expect(skipped('level-jump-skip.ged')).toEqual([
      { line: 8, reason: 'Line 8 jumps from level 1 to level 4; a line can only go one level deeper.' },
    ]);
    expect(skipped('level-jump-subordinate.ged')).toEqual([
      { line: 10, reason: 'Line 10 jumps from level 1 to level 3; a line can only go one level deeper.' },
    ]);
    expect(skipped('invalid-level.ged')).toEqual([
      { line: 6, reason: 'Line 6 jumps from level 1 to level 99; a line can only go one level deeper.' },
    ]);
    expect(skipped('level-over-99.ged')).toEqual([
      { line: 17, reason: 'Line 17 has level 100; GEDCOM levels go up to 99. The line under it was skipped too.' },
    ]);
    const jumped = read('malformed/level-jump-subordinate.ged').people[0];
    expect(jumped.birth).toEqual({ date: '1 JAN 1900', place: null });
    expect(jumped.death).toBeNull();
  });

  it('skips links to records that do not exist, and a record whose identifier is broken', () => {
    expect(skipped('invalid-xref.ged')).toEqual([
      { line: 6, reason: 'Line 6: @F999@ names no record in this file; the link is skipped.' },
    ]);
    expect(skipped('missing-xref.ged')).toEqual([
      { line: 6, reason: 'Line 6: @F999@ names no record in this file; the link is skipped.' },
    ]);
    expect(skipped('unterminated-xref.ged')).toEqual([
      { line: 4, reason: 'Line 4 is not a GEDCOM line (0 @I1 INDI). The line under it was skipped too.' },
    ]);
  });

  it('keeps the people of a circular family and skips the ties that would make someone their own ancestor', () => {
    const result = read('malformed/circular-reference.ged');
    expect(result.report).toMatchObject({ people: 3, partnerships: 3, children: 2 });
    expect(result.report.skipped).toEqual([
      {
        line: 8,
        reason:
          'Line 8: Person One is a partner in this family and cannot also be its child; the child tie is skipped.',
      },
      { line: 27, reason: 'Line 27: this child tie would make Person Two their own ancestor; it is skipped.' },
      { line: 31, reason: 'Line 31: this child tie would make Person One their own ancestor; it is skipped.' },
    ]);
    expect(result.families.map((family) => [family.id, family.children.map((child) => child.person)])).toEqual([
      ['F1', ['I3']],
      ['F2', []],
      ['F3', []],
    ]);
  });

  it('refuses what is not GEDCOM at all', () => {
    const refusal = (bytes: Uint8Array) => {
      try {
        readGedcom(bytes);
      } catch (error) {
        return error;
      }
      throw new Error('accepted');
    };
    expect(refusal(Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n'))).toMatchObject({
      message: 'This is not a GEDCOM file: a GEDCOM file starts with the line "0 HEAD".',
      notGedcom: true,
    });
    expect(refusal(new Uint8Array(0))).toMatchObject({ notGedcom: true });
    expect(refusal(Buffer.alloc(3_000_000, 0x41))).toMatchObject({ notGedcom: true });
  });
});

describe('character sets', () => {
  it('decodes ANSEL: its special characters and every combining diacritic, placed after its letter', () => {
    const ansel = read('encoding/ansel-lf.ged');
    const utf8 = read('encoding/utf8-nobom-lf.ged');
    expect(ansel.encoding).toBe('ANSEL');
    const inParentheses = (text: string | null | undefined) => [...(text ?? '').matchAll(/\((.)\)/gu)].map((m) => m[1]);
    for (const id of ['CHILD0', 'CHILD1', 'CHILD2', 'CHILD3']) {
      for (const event of ['birth', 'death'] as const) {
        expect(inParentheses(person(ansel, id)[event]?.place)).toEqual(inParentheses(person(utf8, id)[event]?.place));
      }
    }
    // The UTF-8 file lists the letters that have a precomposed form with each mark; the ANSEL file has a
    // letter + mark for every letter. Every precomposed letter must come out of the ANSEL decoder composed.
    // (Not for 0332: ANSEL's underscore is U+0332 LOW LINE, while the UTF-8 file lists the letters with
    // U+0331 MACRON BELOW, such as Ḇ; the two marks look alike but do not compose into each other.)
    for (const child of utf8.people.filter((p) => /^code: [0-9A-F]{4}/.test(p.givenName ?? ''))) {
      const code = /^code: ([0-9A-F]{4})/.exec(child.givenName!)![1];
      if (code === '0332') continue;
      const twin = ansel.people.find((p) => (p.givenName ?? '').includes(`, ${code})`));
      expect(twin).toBeDefined();
      const decoded = `${twin!.birth?.place ?? ''}${twin!.death?.place ?? ''}`;
      for (const letter of (child.death?.place ?? '').replace(/[, ]/g, '')) {
        if (letter !== '-' && /\p{L}/u.test(letter)) expect(decoded).toContain(letter);
      }
    }
    expect(JSON.stringify(ansel.people)).not.toContain('\ufffd');
  });

  it('reads royal92 (ANSEL) without a single undecodable character', () => {
    const royal = read('gedcom-5.5/royal92.ged');
    expect(royal.encoding).toBe('ANSEL');
    expect(royal.people).toHaveLength(3010);
    // royal92's bytes are all below 0x80: its names carry no diacritics to decode, so ANSEL is ASCII here.
    expect(readFileSync(join(GEDCOM_DIR, 'gedcom-5.5/royal92.ged')).every((byte) => byte < 0x80)).toBe(true);
    expect(JSON.stringify(royal)).not.toContain('\ufffd');
    expect(person(royal, 'I1')).toMatchObject({ givenName: 'Victoria', surname: 'Hanover', sex: 'F' });
    expect(person(royal, 'I1').birth).toEqual({ date: '24 MAY 1819', place: 'Kensington,Palace,London,England' });
  });

  it('decodes the torture test ANSEL notes with their accents', () => {
    const torture = read('gedcom-5.5/torture-test/TGC55C.ged');
    expect(torture.encoding).toBe('ANSEL');
    expect(JSON.stringify(torture.people)).toContain('Charlie Accented');
  });

  it('reads Windows-1252, IBM PC and UTF-16 files', () => {
    expect(JSON.stringify(read('encoding/ansi-cp1252-ftm17.ged').people)).toContain('La Coruña');
    expect(JSON.stringify(read('encoding/ibmpc-cp437-broskeep.ged').people)).toContain('John C. Frémont');
    const utf8 = read('encoding/utf8-bom.ged');
    for (const file of ['encoding/utf16le.ged', 'encoding/utf16be.ged']) {
      const utf16 = read(file);
      expect(utf16.encoding).toMatch(/^UTF-16/);
      expect(utf16.people).toEqual(utf8.people);
      expect(utf16.families).toEqual(utf8.families);
    }
    expect(read('encoding/utf8-unicode.ged').people.map((p) => p.surname)).toEqual(
      expect.arrayContaining(['Иванов', 'Παπαδόπουλος', 'أحمد', 'Guðmundsdóttir']),
    );
  });
});

describe('what a person holds', () => {
  it('reads names, nicknames and married names', () => {
    const maximal = read('gedcom-7.0/maximal70.ged');
    // The NAME line is the name; its pieces (GIVN Joseph, SURN Allen) only stand in for what it lacks.
    expect(person(maximal, 'I1')).toMatchObject({
      givenName: 'Lt. Cmndr. Joseph "John"',
      surname: 'de Allen',
      nicknames: ['John'],
      marriedNames: [],
    });
    expect(person(maximal, 'I2')).toMatchObject({
      givenName: 'Maiden Name',
      surname: null,
      marriedNames: ['Married Name'],
    });
    expect(person(read('edge-cases/calendar-dates.ged'), 'I4')).toMatchObject({
      givenName: 'Rashi',
      surname: 'ben Isaac',
    });
    const bertha = read('edge-cases/mhftb8-export.ged').people.find(
      (p) => p.givenName === 'Bertha' && p.surname === 'de Chartres (de Blois)',
    );
    expect(bertha?.marriedNames).toEqual(['De Brittany']);
  });

  it('reads sex values, leaving unknown words out with a warning', () => {
    const result = read('edge-cases/sex-value-variants.ged');
    expect(result.people.map((p) => p.sex)).toEqual(['M', 'F', 'U', 'X', null, 'M', null]);
  });

  it('reads birth, death, burial and baptism with dates and places, and a death known without a date', () => {
    const comprehensive = read('gedcom-5.5.1/comprehensive.ged');
    expect(comprehensive.people[0]).toMatchObject({
      birth: expect.objectContaining({ date: expect.any(String) }),
    });
    const calendars = read('edge-cases/calendar-dates.ged');
    expect(person(calendars, 'I1')).toMatchObject({
      birth: { date: '@#DJULIAN@ 12 JUL 100 BC', place: 'Rome, Roman Republic' },
      death: { date: '@#DJULIAN@ 15 MAR 44 BC', place: 'Rome, Roman Republic' },
    });
    const torture = read('gedcom-5.5/torture-test/TGC551LF.ged');
    const william = torture.people.find((p) => p.givenName === 'William Joseph')!;
    expect(william.death).toEqual({ date: 'INT 1995 (from estimated age)', place: null });
    expect(torture.people.find((p) => p.givenName === 'Joseph Tag')!.baptism).toEqual({
      date: 'ABT 31 DEC 1997',
      place: 'The place',
    });
  });

  it('keeps a date that is not genealogical grammar as text, with a warning on its line', () => {
    const result = read('gedcom-7.0/minimal.ged');
    expect(result.people[0].birth).toEqual({ date: '2000-05-20', place: 'Paris, France' });
    expect(result.report.warnings).toContainEqual({
      line: expect.any(Number),
      message: expect.stringMatching(
        /"2000-05-20" is not written as GEDCOM writes dates.* The date is kept as text\.$/,
      ),
    });
  });

  it('turns notes, also NOTE records named by a pointer, into the story', () => {
    const result = read('edge-cases/structural-edge-cases.ged');
    expect(person(result, 'I9').story).toBe(
      'This is a root-level note record\nwith continuation linesand concatenation as well.\n\nFinal record to ensure file closes properly after all edge cases',
    );
    const notes = read('edge-cases/cont-conc.ged');
    expect(person(notes, 'I2').story).toBe(
      'Testing Unicode with CONT/CONC: François était un généalogiste qui travaillait avec des caractères spéciaux comme àéèêëïôùû et des\nsymboles cyrilliques: Алексей Иванов.\nJapanese: 田中太郎 中文',
    );
    expect(notes.report.warnings[0]).toEqual({
      line: 49,
      message:
        'Line 49: CONC should be one level deeper than the line it continues; it was read as continuing line 48.',
    });
  });

  it('keeps a person’s UIDs: GEDCOM 7 UID and the _UID of programs before it', () => {
    const maximal = read('gedcom-7.0/maximal70.ged').people[0]!;
    expect(maximal.uids).toEqual(['3d75b5eb-36e9-40b3-b79f-f088b5c18595', 'cb49c361-7124-447e-b587-4c6d36e51825']);
    const rootsMagic = read('edge-cases/rootsmagic-2026-export.ged');
    expect(rootsMagic.people[0]!.uids).toEqual(['F08626283300F111AC39EE3E4291474468A3']);
    expect(rootsMagic.report.extensionTags.byTag).not.toHaveProperty('_UID');
  });

  it('reads @@ as GEDCOM 5 and GEDCOM 7 each want it', () => {
    const seven = read('gedcom-7.0/familysearch-examples/escapes.ged');
    expect(seven.people[0].story).toBe(
      'me@example.com is an example email address.\n@me and @I are example social media handles.\n@@@@ has four @ characters where only the first is escaped.',
    );
  });
});

describe('families', () => {
  it('reads partners, marriage and divorce, and several marriages of one person', () => {
    const result = read('gedcom-7.0/familysearch-examples/remarriage2.ged');
    expect(result.families.map((f) => [f.partners, f.marriage?.date ?? null, f.divorce?.date ?? null])).toEqual([
      [['I1', 'I2'], '1 APR 1911', '2 MAY 1912'],
      [['I1', 'I3'], '3 JUN 1913', null],
      [['I1', 'I2'], '4 JUL 1914', null],
    ]);
  });

  it('reads same-sex couples, skips a partnership with oneself and keeps a family without parents', () => {
    const result = read('edge-cases/family-structure-variants.ged');
    expect(result.families.map((f) => [f.id, f.partners, f.children.map((c) => c.person)])).toEqual([
      ['F1', [], ['I1', 'I2']],
      ['F2', [], []],
      ['F3', ['I3'], []],
      ['F4', ['I4', 'I5'], []],
      ['F5', ['I4', 'I5'], []],
    ]);
    expect(result.report.skipped).toEqual([
      {
        line: 40,
        reason: 'Line 40: Narcissus Selfwed is already a partner in this family; nobody is their own partner.',
      },
    ]);
  });

  it('reads the kind of each child tie: PEDI, ADOP events, and the vendors per-parent words', () => {
    const torture = read('gedcom-5.5/torture-test/TGC551LF.ged');
    const adopted = torture.families
      .flatMap((f) => f.children)
      .filter((c) => Object.values(c.relations).includes('adopted'));
    expect(adopted.length).toBeGreaterThan(0);

    const ftm = read('edge-cases/vendor-ftm.ged');
    const child = ftm.families
      .flatMap((f) => f.children.map((c) => ({ family: f, child: c })))
      .find((x) => x.child.person === 'I1')!;
    expect(Object.values(child.child.relations).sort()).toEqual(['foster', 'step']);

    const historian = read('edge-cases/vendor-familyhistorian.ged');
    expect(historian.families[0].children[0].relations).toEqual(
      expect.objectContaining(
        Object.fromEntries(historian.families[0].partners.map((p, index) => [p, index === 0 ? 'adopted' : 'step'])),
      ),
    );

    const complex = read('edge-cases/relationships-complex.ged');
    const family = complex.families.find((f) => f.id === 'F00003')!;
    expect(family.children.find((c) => c.person === 'I00015')!.relations).toEqual({ I00010: 'birth', I00011: 'step' });
  });

  it('skips a third birth parent, with the line', () => {
    const result = read('edge-cases/legacy10-2025-export.ged');
    expect(result.report.skipped[0]).toEqual({
      line: 15739,
      reason:
        'Line 15739: Ednyfed ap Llywarch Gam (about 995 – 1076) already has two birth parents, so Llywarch Gam ap Lluddica (970–1048) and Lleicu ferch Gwerystan (1007–1041) cannot be one too; the child tie is skipped.',
    });
    const birthParents = new Map<string, number>();
    for (const family of result.families) {
      for (const child of family.children) {
        const births = Object.values(child.relations).filter((relation) => relation === 'birth').length;
        birthParents.set(child.person, (birthParents.get(child.person) ?? 0) + births);
      }
    }
    expect(Math.max(...birthParents.values())).toBe(2);
  });
});

describe('media and extensions', () => {
  it('names people in the report by their names and years, never by a named person’s identifier', () => {
    let lines = 0;
    for (const file of Object.keys(counts).filter((name) => !(name in REFUSED))) {
      const result = read(file);
      const named = new Set(result.people.filter((p) => p.givenName || p.surname).map((p) => `@${p.id}@`));
      for (const { reason } of [
        ...result.report.skipped,
        ...result.report.warnings.map((w) => ({ reason: w.message })),
      ]) {
        lines++;
        const xrefs = reason.match(/@[^@\s]+@/g) ?? [];
        expect({ file, reason, named: xrefs.filter((xref) => named.has(xref)) }).toEqual({ file, reason, named: [] });
      }
    }
    expect(lines).toBeGreaterThan(0);
  });

  it('lists the files OBJE records name, with the people who link to them', () => {
    const bourbon = read('with-media/bourbon/bourbon.ged');
    expect(bourbon.media.length).toBeGreaterThan(40);
    for (const item of bourbon.media) {
      expect(item.people.length).toBeGreaterThan(0);
      expect(item.path).toMatch(/^(photos|actes)\//);
    }
    const louis = bourbon.media.find((item) => item.path === 'photos/Louis_XIV.jpg');
    expect(louis?.people.map((id) => person(bourbon, id).givenName)).toContain('Louis XIV');

    const seven = read('gedcom-7.0/familysearch-examples/obje-1.ged');
    expect(seven.media.map((m) => m.path)).toEqual(expect.arrayContaining(['example.jpg']));
  });

  it('skips vendors extension tags and counts them, reading the few it understands', () => {
    const result = read('edge-cases/rootsmagic-2026-export.ged');
    expect(result.report.extensionTags.total).toBeGreaterThan(0);
    expect(Object.keys(result.report.extensionTags.byTag).every((tag) => tag.startsWith('_'))).toBe(true);
    expect(read('edge-cases/vendor-ftm.ged').report.extensionTags.byTag).not.toHaveProperty('_FREL');
  });
});

describe('checking a file without keeping its people', () => {
  it('refuses what the import refuses, and answers the files every real file names', async () => {
    for (const file of gedcomFiles(GEDCOM_DIR)) {
      const bytes = readFileSync(join(GEDCOM_DIR, file));
      const checked = checkGedcomStream(chunksOf(bytes, 4093));
      if (REFUSED[file]) {
        await expect(checked).rejects.toThrow(REFUSED[file]);
        continue;
      }
      const paths = await checked;
      for (const media of readGedcom(bytes).media)
        expect({ file, named: paths.includes(media.path) }).toEqual({ file, named: true });
    }
  });

  it('refuses a file over the people cap as soon as the reading reaches it', async () => {
    async function* people() {
      yield Buffer.from('0 HEAD\n1 GEDC\n2 VERS 5.5.1\n');
      for (let n = 0; ; n++) yield Buffer.from(`0 @I${n}@ INDI\n1 NAME P${n} /Q/\n`);
    }
    await expect(checkGedcomStream(people())).rejects.toThrow(
      new GedcomTooLargeError(
        'The file holds more than 50,000 people; the archive imports up to 50,000 per file. Export a smaller part of the tree (a branch) and import it.',
      ),
    );
  });
});
