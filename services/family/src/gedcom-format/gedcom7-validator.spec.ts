import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { validateGedcom7 } from './gedcom7-validator';

const GEDCOM_DIR = resolve(__dirname, '../../../../../shared/gedcom');

const VALID = [
  '0 HEAD',
  '1 GEDC',
  '2 VERS 7.0',
  '0 @I1@ INDI',
  '1 NAME John /Smith/',
  '2 GIVN John',
  '1 SEX M',
  '1 BIRT',
  '2 DATE 1 JAN 1850',
  '2 PLAC Boston',
  '1 FAMS @F1@',
  '1 NOTE First line',
  '2 CONT @@second line',
  '1 OBJE @O1@',
  '0 @I2@ INDI',
  '1 NAME Ann /Smith/',
  '1 FAMC @F1@',
  '2 PEDI BIRTH',
  '0 @F1@ FAM',
  '1 HUSB @I1@',
  '1 CHIL @I2@',
  '1 MARR Y',
  '0 @O1@ OBJE',
  '1 FILE photos/john%20smith.jpg',
  '2 FORM image/jpeg',
  '0 TRLR',
];
const document = (lines: string[]) => `${lines.join('\n')}\n`;
/** The valid document with line `at` (1-based) replaced by `lines` (none to delete it). */
const replace = (at: number, ...lines: string[]) => document([...VALID.slice(0, at - 1), ...lines, ...VALID.slice(at)]);
const messages = (text: string) => validateGedcom7(text).map(({ line, message }) => `${line}: ${message}`);

describe(validateGedcom7.name, () => {
  it('accepts a valid document, with or without a byte order mark', () => {
    expect(messages(document(VALID))).toEqual([]);
    expect(messages(`\ufeff${document(VALID)}`)).toEqual([]);
    expect(messages(VALID.join('\r\n'))).toEqual([]);
  });

  it.each([
    'gedcom-7.0/minimal70.ged',
    'gedcom-7.0/remarriage1.ged',
    'gedcom-7.0/familysearch-examples/age.ged',
    'gedcom-7.0/familysearch-examples/escapes.ged',
    'gedcom-7.0/familysearch-examples/extension-record.ged',
    'gedcom-7.0/familysearch-examples/filename-1.ged',
    'gedcom-7.0/familysearch-examples/lang.ged',
    'gedcom-7.0/familysearch-examples/long-url.ged',
    'gedcom-7.0/familysearch-examples/maximal70-memories1.ged',
    'gedcom-7.0/familysearch-examples/maximal70-memories2.ged',
    'gedcom-7.0/familysearch-examples/maximal70-tree1.ged',
    'gedcom-7.0/familysearch-examples/maximal70-tree2.ged',
    'gedcom-7.0/familysearch-examples/notes-1.ged',
    'gedcom-7.0/familysearch-examples/obje-1.ged',
    'gedcom-7.0/familysearch-examples/remarriage2.ged',
    'gedcom-7.0/familysearch-examples/same-sex-marriage.ged',
    'gedcom-7.0/familysearch-examples/voidptr.ged',
  ])('accepts the GEDCOM 7 sample %s', (file) => {
    expect(messages(readFileSync(join(GEDCOM_DIR, file), 'utf8'))).toEqual([]);
  });

  it('finds the errors of the GEDCOM 7 samples that have them', () => {
    expect(messages(readFileSync(join(GEDCOM_DIR, 'gedcom-7.0/minimal.ged'), 'utf8'))).toEqual([
      '12: "2000-05-20" is not a GEDCOM 7 date.',
    ]);
    expect(messages(readFileSync(join(GEDCOM_DIR, 'gedcom-7.0/familysearch-examples/xref.ged'), 'utf8'))).toContain(
      '7: INDI has neither a payload nor substructures.',
    );
  });

  it.each([
    ['a GEDCOM 5.5.1 header', replace(3, '2 VERS 5.5.1'), ['1: GEDC VERS is 5.5.1, not 7.0.']],
    ['a missing header', document(VALID.slice(3)), ['1: The first record must be HEAD.']],
    ['a missing trailer', document(VALID.slice(0, -1)), ['25: The last record must be TRLR.']],
    ['a level jump', replace(9, '3 DATE 1 JAN 1850'), ['9: Level 3 follows level 1.']],
    ['two spaces between fields', replace(7, '1  SEX M'), ['7: "1  SEX M" does not match the GEDCOM 7 line grammar.']],
    ['a tag in lower case', replace(7, '1 Sex M'), ['7: "1 Sex M" does not match the GEDCOM 7 line grammar.']],
    ['a trailing space in an enumeration', replace(7, '1 SEX M '), ['7: SEX must be one of M, F, X, U, not "M ".']],
    ['CONC', replace(13, '2 CONC second line'), ['13: GEDCOM 7 has no CONC.']],
    [
      'a CONT after a substructure',
      replace(13, '2 LANG en', '2 CONT late'),
      ['14: A CONT must follow its line directly.'],
    ],
    [
      'a text that starts with a single @',
      replace(13, '2 CONT @second line'),
      ['13: A text that starts with @ must be written @@.'],
    ],
    ['an identifier on a substructure', replace(7, '1 @S1@ SEX M'), ['7: Only records may have an identifier.']],
    [
      'two records with one identifier',
      replace(26, '0 @I1@ SNOTE Again', '0 TRLR'),
      ['26: @I1@ identifies two records.'],
    ],
    ['a pointer to nothing', replace(14, '1 OBJE @O9@'), ['14: @O9@ points to no record.']],
    ['a pointer to the wrong record', replace(14, '1 OBJE @F1@'), ['14: OBJE points to a FAM, not a OBJE.']],
    ['a banned character', replace(12, '1 NOTE First\u0007line'), ['12: The line holds a character GEDCOM 7 bans.']],
    ['a value outside its enumeration', replace(7, '1 SEX Q'), ['7: SEX must be one of M, F, X, U, not "Q".']],
    ['two SEX', replace(7, '1 SEX M', '1 SEX F'), ['4: INDI may have only one SEX.']],
    ['a FILE without FORM', replace(25), ['24: FILE needs a FORM.']],
    [
      'an OBJE without FILE',
      document([...VALID.slice(0, 23), '1 NOTE No file', ...VALID.slice(25)]),
      ['23: OBJE needs a FILE.'],
    ],
    [
      'a date in 5.5.1 form',
      replace(9, '2 DATE @#DJULIAN@ 1 JAN 1850'),
      ['9: A text that starts with @ must be written @@.', '9: "@#DJULIAN@ 1 JAN 1850" is not a GEDCOM 7 date.'],
    ],
    ['a dual year', replace(9, '2 DATE 1 JAN 1849/50'), ['9: "1 JAN 1849/50" is not a GEDCOM 7 date.']],
    ['a name with one slash', replace(5, '1 NAME John /Smith'), ['5: "John /Smith" is not a personal name.']],
    ['an event payload other than Y', replace(22, '1 MARR yes'), ['22: MARR takes Y or nothing, not "yes".']],
    [
      'a file path with a space',
      replace(24, '1 FILE photos/john smith.jpg'),
      ['24: "photos/john smith.jpg" is not a URI reference.'],
    ],
    ['a media type that is none', replace(25, '2 FORM jpeg'), ['25: "jpeg" is not a media type.']],
    ['a structure that is empty', replace(22, '1 MARR'), ['22: MARR has neither a payload nor substructures.']],
    ['a substructure where it does not belong', replace(7, '1 HUSB @I1@'), ['7: HUSB is not a substructure of INDI.']],
    [
      'a CHIL without the FAMC back',
      document([...VALID.slice(0, 16), ...VALID.slice(18)]),
      ['19: @I2@ has no FAMC @F1@ to match.'],
    ],
    ['a FAMS without the HUSB back', replace(20), ['11: @F1@ does not list @I1@ as HUSB or WIFE.']],
    [
      'line ends of two kinds',
      `${VALID.slice(0, 3).join('\r\n')}\n${VALID.slice(3).join('\n')}\n`,
      ['1: The lines do not all end the same way (CR, LF or CR LF).'],
    ],
  ])('reports %s', (_, text, expected) => {
    expect(messages(text)).toEqual(expected);
  });

  it('allows extension structures anywhere', () => {
    expect(messages(replace(7, '1 SEX M', '1 _UID 1234', '2 _ANY thing'))).toEqual([]);
  });
});
