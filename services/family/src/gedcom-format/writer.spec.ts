import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { GedcomData, GedcomEvent, GedcomPerson } from './data';
import { readGedcom } from './reader';
import { filePath, gedcomLines, mediaType, writeGedcom } from './writer';
import { validateGedcom7 } from './gedcom7-validator';
import { parseGenealogicalDate } from '@family/shared';

const GEDCOM_DIR = resolve(__dirname, '../../../../../shared/gedcom');
const counts: Record<string, unknown> = JSON.parse(readFileSync(join(GEDCOM_DIR, 'counts.json'), 'utf8'));
const REFUSED = ['malformed/duplicate-xref.ged', 'malformed/missing-header.ged'];
const TODAY = new Date('2026-03-01T00:00:00Z');

/**
 * What must survive a trip through GEDCOM 7, with people and families named by their position (the writer
 * gives new identifiers). A date that is not GEDCOM grammar can only be a phrase in GEDCOM 7, so it comes
 * back in the phrase's parentheses: "31 FEB 1900" as "(31 FEB 1900)".
 */
function comparable(data: GedcomData) {
  const index = new Map(data.people.map((person, position) => [person.id, position]));
  const date = (event: GedcomEvent | null) =>
    event && event.date && !parseGenealogicalDate(event.date).valid ? { ...event, date: `(${event.date})` } : event;
  const ids = (list: string[]) => list.map((id) => index.get(id)).sort((a, b) => a! - b!);
  return {
    people: data.people.map((person) => ({
      givenName: person.givenName,
      surname: person.surname,
      nicknames: person.nicknames,
      marriedNames: person.marriedNames,
      sex: person.sex,
      birth: date(person.birth),
      death: date(person.death),
      burial: date(person.burial),
      baptism: date(person.baptism),
      story: person.story,
      uids: person.uids,
    })),
    partnerships: data.families
      .filter((family) => family.partners.length > 0)
      .map((family) => JSON.stringify([ids(family.partners), date(family.marriage), date(family.divorce)]))
      .sort(),
    childTies: data.families
      .flatMap((family) =>
        family.children.flatMap((child) =>
          Object.entries(child.relations).map(
            ([parent, relation]) => `${index.get(parent)}>${index.get(child.person)} ${relation}`,
          ),
        ),
      )
      .sort(),
    media: data.media.map((item) => `${item.path} ${ids(item.people).join(',')}`).sort(),
  };
}

describe('writing GEDCOM 7', () => {
  it.each(Object.keys(counts).filter((file) => !REFUSED.includes(file)))(
    '%s survives a round trip and writes valid GEDCOM 7',
    (file) => {
      const original = readGedcom(readFileSync(join(GEDCOM_DIR, file)));
      const text = writeGedcom(original, { living: 'full', today: TODAY });
      expect(validateGedcom7(text)).toEqual([]);
      const again = readGedcom(Buffer.from(text, 'utf8'));
      expect(comparable(again)).toEqual(comparable(original));
      expect(again.report.skipped).toEqual([]);
      expect(again.report.warnings).toEqual([]);
      expect(again.report.extensionTags.total).toBe(0);
      for (const living of ['names', 'exclude'] as const) {
        expect(validateGedcom7(writeGedcom(original, { living, today: TODAY }))).toEqual([]);
      }
    },
  );
});

const person = (id: string, fields: Partial<GedcomPerson> = {}): GedcomPerson => ({
  id,
  givenName: null,
  surname: null,
  nicknames: [],
  marriedNames: [],
  sex: null,
  birth: null,
  death: null,
  burial: null,
  baptism: null,
  story: null,
  ...fields,
});

describe(writeGedcom.name, () => {
  const family: GedcomData = {
    people: [
      person('grandpa', {
        givenName: 'Karl',
        surname: 'Weber',
        sex: 'M',
        birth: { date: '@#DJULIAN@ 11 FEB 1731/32', place: 'Hamburg' },
        death: { date: null, place: null },
        story: '@home he kept bees.\nSecond line\n\nFourth line',
      }),
      person('anna', {
        givenName: 'Anna',
        surname: 'Weber',
        sex: 'F',
        nicknames: ['Annie'],
        marriedNames: ['Schmidt'],
        birth: { date: '2 MAR 1990', place: 'Lyon' },
        story: 'Lives in Lyon.',
      }),
      person('paul', { givenName: 'Paul', surname: 'Schmidt', sex: 'M', birth: { date: 'ABT 1988', place: null } }),
      person('mia', { givenName: 'Mia', surname: 'Schmidt', sex: 'F', birth: { date: '2015', place: 'Lyon' } }),
    ],
    families: [
      {
        id: 'f1',
        partners: ['grandpa'],
        marriage: null,
        divorce: null,
        children: [{ person: 'anna', relations: { grandpa: 'adopted' } }],
      },
      {
        // Listed wife first: the writer puts the man in HUSB.
        id: 'f2',
        partners: ['anna', 'paul'],
        marriage: { date: '1 JUN 2012', place: 'Lyon' },
        divorce: null,
        children: [{ person: 'mia', relations: { anna: 'birth', paul: 'step' } }],
      },
    ],
    media: [
      { path: 'photos/Karl Weber.jpg', format: 'jpeg', title: 'Karl, 1760', people: ['grandpa'] },
      { path: 'photos/anna.png', format: null, title: null, people: ['anna'] },
    ],
  };
  const lines = (text: string) => text.split('\n');
  const recordOf = (text: string, xref: string) => {
    const all = lines(text);
    const start = all.findIndex((line) => line.startsWith(`0 ${xref} `));
    const end = all.findIndex((line, index) => index > start && line.startsWith('0 '));
    return all.slice(start, end);
  };

  it('writes everything with living=full', () => {
    const text = writeGedcom(family, { living: 'full', today: TODAY });
    expect(validateGedcom7(text)).toEqual([]);
    expect(text.startsWith('\ufeff0 HEAD\n1 GEDC\n2 VERS 7.0\n')).toBe(true);
    expect(text).toContain('\n1 DATE 1 MAR 2026\n');
    expect(recordOf(text, '@I1@')).toEqual([
      '0 @I1@ INDI',
      '1 NAME Karl /Weber/',
      '2 GIVN Karl',
      '2 SURN Weber',
      '1 SEX M',
      '1 BIRT',
      '2 DATE JULIAN 11 FEB 1732',
      '3 PHRASE @@#DJULIAN@ 11 FEB 1731/32',
      '2 PLAC Hamburg',
      '1 DEAT Y',
      '1 FAMS @F1@',
      '1 NOTE @@home he kept bees.',
      '2 CONT Second line',
      '2 CONT',
      '2 CONT Fourth line',
      '1 OBJE @O1@',
    ]);
    expect(recordOf(text, '@I2@')).toEqual([
      '0 @I2@ INDI',
      '1 NAME Anna /Weber/',
      '2 GIVN Anna',
      '2 SURN Weber',
      '2 NICK Annie',
      '1 NAME Anna /Schmidt/',
      '2 TYPE MARRIED',
      '2 SURN Schmidt',
      '1 SEX F',
      '1 BIRT',
      '2 DATE 2 MAR 1990',
      '2 PLAC Lyon',
      '1 FAMC @F1@',
      '2 PEDI ADOPTED',
      '1 FAMS @F2@',
      '1 NOTE Lives in Lyon.',
      '1 OBJE @O2@',
    ]);
    expect(recordOf(text, '@I4@')).toEqual(
      expect.arrayContaining([
        '1 FAMC @F2@',
        '2 PEDI OTHER',
        '3 PHRASE Step child of the first partner, birth child of the second',
      ]),
    );
    expect(recordOf(text, '@F1@')).toEqual(['0 @F1@ FAM', '1 HUSB @I1@', '1 CHIL @I2@']);
    expect(recordOf(text, '@F2@')).toEqual([
      '0 @F2@ FAM',
      '1 HUSB @I3@',
      '1 WIFE @I2@',
      '1 CHIL @I4@',
      '2 _FREL Step',
      '2 _MREL Natural',
      '1 MARR',
      '2 DATE 1 JUN 2012',
      '2 PLAC Lyon',
    ]);
    expect(recordOf(text, '@O1@')).toEqual([
      '0 @O1@ OBJE',
      '1 FILE photos/Karl%20Weber.jpg',
      '2 FORM image/jpeg',
      '2 TITL Karl, 1760',
    ]);

    const again = readGedcom(Buffer.from(text));
    expect(again.families[1].children[0].relations).toEqual({ I3: 'step', I2: 'birth' });
    expect(again.people[0].birth?.date).toBe('@#DJULIAN@ 11 FEB 1731/32');
    expect(again.media.map((item) => item.path)).toEqual(['photos/Karl Weber.jpg', 'photos/anna.png']);
  });

  it('keeps only the names and family ties of living people with living=names, the default', () => {
    const text = writeGedcom(family, { today: TODAY });
    expect(validateGedcom7(text)).toEqual([]);
    expect(recordOf(text, '@I2@')).toEqual([
      '0 @I2@ INDI',
      '1 NAME Anna /Weber/',
      '2 GIVN Anna',
      '2 SURN Weber',
      '2 NICK Annie',
      '1 NAME Anna /Schmidt/',
      '2 TYPE MARRIED',
      '2 SURN Schmidt',
      '1 FAMC @F1@',
      '2 PEDI ADOPTED',
      '1 FAMS @F2@',
    ]);
    expect(recordOf(text, '@F2@')).toContain('1 MARR Y');
    expect(text).not.toContain('1 JUN 2012');
    expect(text).not.toContain('photos/anna.png');
    expect(recordOf(text, '@I1@')).toContain('1 OBJE @O1@');
  });

  it('leaves living people out with living=exclude, with their ties', () => {
    const text = writeGedcom(family, { living: 'exclude', today: TODAY });
    expect(validateGedcom7(text)).toEqual([]);
    const again = readGedcom(Buffer.from(text));
    expect(again.people.map((p) => p.givenName)).toEqual(['Karl']);
    expect(again.families).toEqual([]);
    expect(again.media.map((item) => item.path)).toEqual(['photos/Karl Weber.jpg']);
  });

  it('takes the living flag from the data when it is given', () => {
    const data = { ...family, people: family.people.map((p) => ({ ...p, living: p.id === 'grandpa' })) };
    const text = writeGedcom(data, { living: 'exclude', today: TODAY });
    expect(readGedcom(Buffer.from(text)).people.map((p) => p.givenName)).toEqual(['Anna', 'Paul', 'Mia']);
  });

  it('writes a person nothing is known of, and names without the slashes GEDCOM reserves', () => {
    const text = writeGedcom(
      {
        people: [
          person('a'),
          person('b', { givenName: 'Jo/hn', surname: 'van/Dyke', nicknames: ['Jack'] }),
          person('c', { nicknames: ['Kid'] }),
        ],
        families: [],
        media: [],
      },
      { today: TODAY },
    );
    expect(validateGedcom7(text)).toEqual([]);
    expect(recordOf(text, '@I1@')).toEqual(['0 @I1@ INDI', '1 NAME //']);
    expect(recordOf(text, '@I2@')[1]).toBe('1 NAME Jo hn /van Dyke/');
    expect(recordOf(text, '@I3@')).toEqual(['0 @I3@ INDI', '1 NAME //', '2 NICK Kid']);
    expect(readGedcom(Buffer.from(text)).people.map((p) => [p.givenName, p.surname, p.nicknames])).toEqual([
      [null, null, []],
      ['Jo hn', 'van Dyke', ['Jack']],
      [null, null, ['Kid']],
    ]);
  });

  it('refuses data whose families name people it does not hold', () => {
    expect(() =>
      writeGedcom({
        people: [person('a')],
        families: [{ id: 'f', partners: ['a', 'z'], marriage: null, divorce: null, children: [] }],
        media: [],
      }),
    ).toThrow('Family f names z, who is not among the people to write.');
    expect(() =>
      writeGedcom({
        people: [person('a'), person('b')],
        families: [
          { id: 'f', partners: ['a'], marriage: null, divorce: null, children: [{ person: 'b', relations: {} }] },
        ],
        media: [],
      }),
    ).toThrow('Family f: child b has no tie to partner a.');
  });

  it('streams line by line', () => {
    const streamed = [...gedcomLines(family, { today: TODAY })];
    expect(streamed[0]).toBe('\ufeff0 HEAD\n');
    expect(streamed.every((line) => line.endsWith('\n') && line.indexOf('\n') === line.length - 1)).toBe(true);
    expect(streamed.join('')).toBe(writeGedcom(family, { today: TODAY }));
  });
});

describe(filePath.name, () => {
  it.each([
    ['photos/Anne de Bretagne.jpeg', 'photos/Anne%20de%20Bretagne.jpeg'],
    ['actes\\Bapteme #1.jpg', 'actes/Bapteme%20%231.jpg'],
    ['C:\\Users\\Ann\\Pictures\\Ødegaard.jpg', 'file:///C:/Users/Ann/Pictures/%C3%98degaard.jpg'],
    ['/home/ann/photo.jpg', 'file:///home/ann/photo.jpg'],
    ['https://example.com/a b.jpg', 'https://example.com/a%20b.jpg'],
  ])('writes %s as %s', (path, expected) => {
    expect(filePath(path)).toBe(expected);
  });
});

describe(mediaType.name, () => {
  it.each([
    [{ path: 'x.JPG', format: null }, 'image/jpeg'],
    [{ path: 'x', format: 'jpeg' }, 'image/jpeg'],
    [{ path: 'x.pdf', format: 'image/png' }, 'image/png'],
    [{ path: 'x.mov', format: 'quicktime' }, 'video/quicktime'],
    [{ path: 'x.unknown', format: 'ole' }, 'application/octet-stream'],
  ])('gives %j the media type %s', (media, expected) => {
    expect(mediaType(media)).toBe(expected);
  });
});
