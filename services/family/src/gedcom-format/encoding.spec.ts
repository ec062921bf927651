import { AnselDecoder } from './ansel';
import { createDecoder, detectEncoding } from './encoding';

const header = (char: string | null, body = '') =>
  Buffer.from(
    `0 HEAD\n1 GEDC\n2 VERS 5.5.1\n${char === null ? '' : `1 CHAR ${char}\n`}0 @I1@ INDI\n1 NAME ${body}\n`,
    'latin1',
  );

describe(detectEncoding.name, () => {
  it('lets a byte order mark decide, and says so when the header disagrees', () => {
    const utf8 = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), header('ANSEL')]);
    expect(detectEncoding(utf8)).toEqual({
      encoding: 'UTF-8',
      declared: 'ANSEL',
      byteOrderMark: true,
      warnings: [
        'The header says the character set is ANSEL, but the file starts with a UTF-8 byte order mark; it was read as UTF-8.',
      ],
    });
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(header('UNICODE').toString('latin1'), 'utf16le')]);
    expect(detectEncoding(le)).toMatchObject({ encoding: 'UTF-16LE', declared: 'UNICODE', warnings: [] });
    const be = Buffer.from(Buffer.from(`\ufeff${header('UNICODE').toString('latin1')}`, 'utf16le').swap16());
    expect(detectEncoding(be)).toMatchObject({ encoding: 'UTF-16BE', declared: 'UNICODE', warnings: [] });
  });

  it('recognises UTF-16 without a byte order mark by its zero bytes', () => {
    const le = Buffer.from(header('UNICODE').toString('latin1'), 'utf16le');
    expect(detectEncoding(le).encoding).toBe('UTF-16LE');
    expect(detectEncoding(Buffer.from(le).swap16()).encoding).toBe('UTF-16BE');
  });

  it.each([
    ['UTF-8', 'UTF-8'],
    ['ANSEL', 'ANSEL'],
    ['ASCII', 'ASCII'],
    ['ANSI', 'CP1252'],
    ['IBM WINDOWS', 'CP1252'],
    ['IBMPC', 'CP437'],
    ['MACINTOSH', 'MACINTOSH'],
  ])('reads 1 CHAR %s as %s', (declared, encoding) => {
    expect(detectEncoding(header(declared))).toMatchObject({ encoding, declared, warnings: [] });
  });

  it('believes the bytes when the header names a set they cannot be in', () => {
    const cp1252 = header('UTF-8', 'Jos\xe9 /Mu\xf1oz/');
    expect(detectEncoding(cp1252)).toMatchObject({
      encoding: 'CP1252',
      warnings: [
        'The header says UTF-8, but the file has bytes that are not UTF-8; it was read as Windows-1252 (ANSI).',
      ],
    });
    const utf8 = Buffer.from(header('ANSEL').toString('latin1').replace('1 NAME ', '1 NAME José /Muñoz/'), 'utf8');
    expect(detectEncoding(utf8)).toMatchObject({
      encoding: 'UTF-8',
      warnings: ['The header says ANSEL, but the text is UTF-8; it was read as UTF-8.'],
    });
  });

  it('reads a file without 1 CHAR as UTF-8 when it can, else as Windows-1252', () => {
    expect(detectEncoding(header(null, 'Ann'))).toMatchObject({ encoding: 'UTF-8', declared: null, warnings: [] });
    expect(detectEncoding(header(null, 'Jos\xe9'))).toMatchObject({
      encoding: 'CP1252',
      warnings: [
        'The header does not name a character set and the text is not UTF-8; it was read as Windows-1252 (ANSI).',
      ],
    });
    expect(detectEncoding(header('KLINGON'))).toMatchObject({
      encoding: 'UTF-8',
      warnings: [
        'The header names the character set KLINGON, which this archive does not know; the text was read as UTF-8.',
      ],
    });
  });
});

describe(AnselDecoder.name, () => {
  const decode = (...chunks: number[][]) => {
    const decoder = new AnselDecoder();
    const text = chunks
      .map((chunk, index) => decoder.decode(Uint8Array.from(chunk), index === chunks.length - 1))
      .join('');
    return text.normalize('NFC');
  };

  it('puts a combining diacritic after the letter it precedes, as Unicode wants', () => {
    // "Jos" + acute + "e", "M" + umlaut + "u" + "ller": ANSEL writes the mark first.
    expect(decode([0x4a, 0x6f, 0x73, 0xe2, 0x65, 0x20, 0x4d, 0xe8, 0x75, 0x6c, 0x6c, 0x65, 0x72])).toBe('José Müller');
    // Two marks on one letter: hook above and circumflex over "a" compose to U+1EA9.
    expect(decode([0xe0, 0xe3, 0x61])).toBe('a\u0309\u0302'.normalize('NFC'));
  });

  it('keeps a mark that ends one chunk for the letter that starts the next', () => {
    expect(decode([0x44, 0x76, 0x6f, 0xf9], [0xe2, 0x61, 0x6b])).toBe('Dvoa\u032e\u0301k'.normalize('NFC'));
    expect(decode([0x4e, 0xe4], [0x6e])).toBe('Nñ');
  });

  it('decodes the spacing characters and never carries a mark over a line end', () => {
    expect(decode([0xa1, 0xa2, 0xa5, 0xb9, 0xc3, 0xcf])).toBe('ŁØÆ£©ß');
    expect(decode([0x61, 0xe2, 0x0a, 0x32, 0x20, 0x62])).toBe('a\u0301\n2 b'.normalize('NFC'));
  });

  it('counts bytes ANSEL does not define', () => {
    const decoder = new AnselDecoder();
    expect(decoder.decode(Uint8Array.from([0x41, 0x80, 0x42]), true)).toBe('A\ufffdB');
    expect(decoder.unknownBytes).toBe(1);
  });
});

describe(createDecoder.name, () => {
  it('decodes the IBM PC code page', () => {
    expect(createDecoder('CP437').decode(Uint8Array.from([0x46, 0x72, 0x82, 0x6d, 0x6f, 0x6e, 0x74, 0xe1]), true)).toBe(
      'Frémontß',
    );
  });

  it('decodes Windows-1252 and keeps UTF-8 characters split across chunks whole', () => {
    expect(
      createDecoder('CP1252').decode(Uint8Array.from([0x93, 0x43, 0x6f, 0x72, 0x75, 0xf1, 0x61, 0x94, 0x80]), true),
    ).toBe('“Coruña”€');
    const utf8 = createDecoder('UTF-8');
    const bytes = Buffer.from('Ødegaard', 'utf8');
    expect(utf8.decode(bytes.subarray(0, 1), false) + utf8.decode(bytes.subarray(1), true)).toBe('Ødegaard');
  });
});
