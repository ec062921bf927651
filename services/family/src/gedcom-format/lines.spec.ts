import { GedcomRefusedError, GedcomTooLargeError } from './data';
import { GedcomRecordReader, MAX_LINE_CHARS, type GedcomNode, type SkippedLine } from './lines';

function read(chunks: string[], atSignRule: '5' | '7' = '5') {
  const records: GedcomNode[] = [];
  const skipped: SkippedLine[] = [];
  const repairs: SkippedLine[] = [];
  const reader = new GedcomRecordReader({
    record: (node) => records.push(node),
    skip: (entry) => skipped.push(entry),
    repair: (entry) => repairs.push(entry),
  });
  reader.atSignRule = atSignRule;
  for (const chunk of chunks) reader.push(chunk);
  reader.end();
  return { records, skipped, repairs, reader };
}

const shape = (node: GedcomNode): unknown => [
  node.tag,
  node.value,
  ...(node.children.length ? [node.children.map(shape)] : []),
];

describe(GedcomRecordReader.name, () => {
  it('builds one tree per record and joins CONC and CONT into the value they continue', () => {
    const { records, reader } = read([
      '0 HEAD\n1 GEDC\n2 VERS 5.5.1\n0 @N1@ NOTE First line\n1 CONT second li\n1 CONC ne\n1 CONT\n1 CONT  indented\n',
      '0 @I1@ INDI\n1 NAME John /Smith/\n1 FAMS @F1@\n0 TRLR\n',
    ]);
    expect(records.map(shape)).toEqual([
      ['HEAD', '', [['GEDC', '', [['VERS', '5.5.1']]]]],
      ['NOTE', 'First line\nsecond line\n\n indented'],
      [
        'INDI',
        '',
        [
          ['NAME', 'John /Smith/'],
          ['FAMS', '@F1@'],
        ],
      ],
    ]);
    expect(records[2].children[1].pointer).toBe('@F1@');
    expect(records[1]).toMatchObject({ xref: '@N1@', line: 4 });
    expect(reader.trailerSeen).toBe(true);
  });

  it('reads CR, LF and CR LF line ends, even when a chunk ends between CR and LF', () => {
    const { records } = read(['0 HEAD\r', '\n1 GEDC\r\n2 VERS 5.5\r0 @I1@ INDI\n1 NAME A\r', '\n0 TRLR\r\n']);
    expect(records.map(shape)).toEqual([
      ['HEAD', '', [['GEDC', '', [['VERS', '5.5']]]]],
      ['INDI', '', [['NAME', 'A']]],
    ]);
  });

  it('reads a continuation one level too shallow under a record as continuing the line before it', () => {
    const repaired: SkippedLine[] = [];
    const records: GedcomNode[] = [];
    const reader = new GedcomRecordReader({
      record: (node) => records.push(node),
      skip: () => undefined,
      repair: (entry) => repaired.push(entry),
    });
    reader.push(
      '0 HEAD\n0 @I1@ INDI\n1 NOTE a long\n1 CONC  note\n1 CONT on two lines\n0 @N1@ NOTE x\n1 CONT y\n0 TRLR\n',
    );
    reader.end();
    expect(records.slice(1).map(shape)).toEqual([
      ['INDI', '', [['NOTE', 'a long note\non two lines']]],
      ['NOTE', 'x\ny'],
    ]);
    expect(repaired.map((entry) => entry.line)).toEqual([4, 5]);
  });

  it('accepts leading white space, several spaces between fields and lower-case tags', () => {
    const { records, skipped } = read(['0 HEAD\n  1 GEDC\n0  _PUBLISH\n1 Name x\n0 TRLR\n']);
    expect(records.map(shape)).toEqual([
      ['HEAD', '', [['GEDC', '']]],
      ['_PUBLISH', '', [['NAME', 'x']]],
    ]);
    expect(skipped).toEqual([]);
  });

  it('unescapes @@ as GEDCOM 5 does (every @@) and as GEDCOM 7 does (a leading @@ only)', () => {
    const text = ['0 HEAD\n0 @N1@ NOTE @@me and me@@home\n1 CONT @@start\n0 TRLR\n'];
    expect(read(text, '5').records[1].value).toBe('@me and me@home\n@start');
    expect(read(text, '7').records[1].value).toBe('@me and me@@home\n@start');
    expect(read(['0 HEAD\n0 @N1@ NOTE @#DJULIAN@ 1700\n0 TRLR\n']).records[1]).toMatchObject({
      value: '@#DJULIAN@ 1700',
      pointer: null,
    });
  });

  it('skips what breaks the grammar with its line number, and the lines under it', () => {
    const { records, skipped } = read([
      [
        '0 HEAD',
        '0 @I1@ INDI',
        '1 BIRT',
        '4 DATE 1 JAN 1900',
        '5 NOTE under the jump',
        '2 PLAC Here',
        '',
        '   ',
        '1 NOTE text',
        '2 CONT more',
        '3 NOTE under a continuation',
        '1 NOTE again',
        '100 CONT too deep',
        'garbage',
        '0 @I2 INDI',
        '1 NAME lost',
        '0 TRLR',
        '0 @I3@ INDI',
        '\x1a',
      ].join('\n'),
    ]);
    expect(records.map(shape)).toEqual([
      ['HEAD', ''],
      [
        'INDI',
        '',
        [
          ['BIRT', '', [['PLAC', 'Here']]],
          ['NOTE', 'text\nmore'],
          ['NOTE', 'again'],
        ],
      ],
    ]);
    expect(skipped).toEqual([
      {
        line: 4,
        reason:
          'Line 4 jumps from level 1 to level 4; a line can only go one level deeper. The line under it was skipped too.',
      },
      { line: 7, reason: 'Line 7 is empty.' },
      { line: 8, reason: 'Line 8 is empty.' },
      { line: 11, reason: 'Line 11 sits under a CONT continuation, which cannot have lines under it.' },
      { line: 13, reason: 'Line 13 has level 100; GEDCOM levels go up to 99.' },
      { line: 14, reason: 'Line 14 is not a GEDCOM line (garbage).' },
      { line: 15, reason: 'Line 15 is not a GEDCOM line (0 @I2 INDI). The line under it was skipped too.' },
      { line: 18, reason: 'Line 18 comes after 0 TRLR, the end of the data.' },
    ]);
  });

  it('refuses a file that does not start with 0 HEAD, before reading on', () => {
    expect(() => read(['%PDF-1.7\n1 0 obj\n'])).toThrow(
      new GedcomRefusedError('This is not a GEDCOM file: a GEDCOM file starts with the line "0 HEAD".', true),
    );
    const reader = new GedcomRecordReader({ record: () => undefined, skip: () => undefined });
    // The first 16 characters of a line are enough: a 50 MB file without line ends is refused at once.
    expect(() => reader.push('\x89PNG\r\x1a\x00\x00\x00\rIHDR')).toThrow(GedcomRefusedError);
    let error: unknown;
    try {
      read(['0 @I1@ INDI\n1 NAME John /Doe/\n0 TRLR\n']);
    } catch (caught) {
      error = caught;
    }
    expect(error).toMatchObject({
      message: 'The file has no GEDCOM header: it must start with the line "0 HEAD", but line 1 is "0 @I1@ INDI".',
      notGedcom: false,
      line: 1,
    });
    expect(() => read([''])).toThrow('The file is empty: a GEDCOM file starts with the line "0 HEAD".');
  });

  it('refuses a line longer than the cap, whether it arrives in pieces or whole', () => {
    const reader = new GedcomRecordReader({ record: () => undefined, skip: () => undefined });
    reader.push('0 HEAD\n1 NOTE ');
    expect(() => reader.push('x'.repeat(MAX_LINE_CHARS))).toThrow(GedcomTooLargeError);
    expect(() => read([`0 HEAD\n1 NOTE ${'x'.repeat(MAX_LINE_CHARS)}\n0 TRLR\n`])).toThrow(
      'Line 2 is longer than 100,000 characters; no genealogy program writes such a line, so the file cannot be imported.',
    );
  });

  it('refuses a value whose CONC and CONT lines join past the note cap, naming the line they continue', () => {
    const piece = `2 CONC ${'y'.repeat(1000)}\n`;
    expect(() => read([`0 HEAD\n0 @I1@ INDI\n1 NOTE a\n${piece.repeat(1000)}0 TRLR\n`])).toThrow(
      /^Line 3: .* 1,000,000 characters/,
    );
  });

  it('removes control characters from a value and says so', () => {
    const { records, repairs } = read(['0 HEAD\n0 @I1@ INDI\n1 NAME Ann\x00a /Berg/\n0 TRLR\n']);
    expect(records[1]!.children[0]!.value).toBe('Anna /Berg/');
    expect(repairs).toEqual([
      { line: 3, reason: 'Line 3 holds control characters (\\x00), which are not text; they were removed.' },
    ]);
  });

  it('refuses a file that is mostly not GEDCOM lines', () => {
    const reader = new GedcomRecordReader({ record: () => undefined, skip: () => undefined });
    reader.push('0 HEAD\n');
    expect(() => {
      for (let index = 0; index < 1100; index++) reader.push('\x00\x13\x37 binary noise\n');
    }).toThrow('Most lines of this file are not GEDCOM lines (1001 of the first 1002); it cannot be imported.');
  });

  it('holds one record at a time', () => {
    const lines = ['0 HEAD'];
    for (let index = 1; index <= 500; index++) lines.push(`0 @I${index}@ INDI`, `1 NAME Person /${index}/`, '1 SEX F');
    lines.push('0 TRLR');
    const { records, reader } = read([lines.join('\n')]);
    expect(records).toHaveLength(501);
    expect(reader.maxRecordLines).toBe(3);
  });
});
