import { AnselDecoder } from './ansel';

/**
 * Which character set a GEDCOM file is written in, and a decoder for it that takes the file chunk by chunk.
 *
 * The rules, in order: a byte order mark wins (UTF-8, UTF-16 LE or BE), whatever the header says; without
 * one, a file whose first bytes alternate with zero bytes is UTF-16; otherwise the header's `1 CHAR` line
 * decides (GEDCOM 7 has none and is UTF-8). Programs often declare one set and write another, so where the
 * header and the bytes disagree the bytes win, with a warning that says what was done:
 * - a legacy 8-bit set (ANSEL, ANSI, ASCII, IBM PC…) whose high bytes all form valid UTF-8 is read as UTF-8;
 * - UTF-8 (or UNICODE without a byte order mark) whose bytes are not valid UTF-8 is read as Windows-1252;
 * - a missing or unknown `1 CHAR` is read as UTF-8 when valid, else as Windows-1252.
 * Only the first {@link SNIFF_BYTES} bytes are examined, so the file can stream.
 */

export type GedcomEncoding = 'UTF-8' | 'UTF-16LE' | 'UTF-16BE' | 'ANSEL' | 'ASCII' | 'CP1252' | 'CP437' | 'MACINTOSH';

export interface EncodingChoice {
  encoding: GedcomEncoding;
  /** The `1 CHAR` value of the header, as written. */
  declared: string | null;
  byteOrderMark: boolean;
  warnings: string[];
}

export interface ChunkDecoder {
  decode(bytes: Uint8Array, final: boolean): string;
}

export const SNIFF_BYTES = 64 * 1024;

const LEGACY_NAMES: Record<string, GedcomEncoding> = {
  ANSEL: 'ANSEL',
  ASCII: 'ASCII',
  'US-ASCII': 'ASCII',
  ANSI: 'CP1252',
  WINDOWS: 'CP1252',
  'IBM WINDOWS': 'CP1252',
  IBM_WINDOWS: 'CP1252',
  CP1252: 'CP1252',
  'WINDOWS-1252': 'CP1252',
  'ISO-8859-1': 'CP1252',
  'ISO8859-1': 'CP1252',
  LATIN1: 'CP1252',
  'LATIN-1': 'CP1252',
  IBMPC: 'CP437',
  'IBM PC': 'CP437',
  'IBM-PC': 'CP437',
  'IBM DOS': 'CP437',
  DOS: 'CP437',
  CP437: 'CP437',
  MACINTOSH: 'MACINTOSH',
  MACROMAN: 'MACINTOSH',
  MAC: 'MACINTOSH',
};

const ENCODING_NAMES: Record<GedcomEncoding, string> = {
  'UTF-8': 'UTF-8',
  'UTF-16LE': 'UTF-16 (little-endian)',
  'UTF-16BE': 'UTF-16 (big-endian)',
  ANSEL: 'ANSEL',
  ASCII: 'ASCII',
  CP1252: 'Windows-1252 (ANSI)',
  CP437: 'IBM PC (code page 437)',
  MACINTOSH: 'Mac OS Roman',
};

export function encodingName(encoding: GedcomEncoding): string {
  return ENCODING_NAMES[encoding];
}

/** Decides the encoding from the first bytes of the file (up to {@link SNIFF_BYTES}). */
export function detectEncoding(head: Uint8Array): EncodingChoice {
  const warnings: string[] = [];
  const bom = byteOrderMark(head);
  if (bom) {
    const declared = declaredCharset(decodeWindow(head, bom));
    const fits = declared === null || (bom === 'UTF-8' ? /^UTF-?8$/ : /^(UNICODE|UTF-?16(LE|BE)?)$/).test(declared);
    if (!fits) {
      warnings.push(
        `The header says the character set is ${declared}, but the file starts with a ${encodingName(bom)} byte order mark; it was read as ${encodingName(bom)}.`,
      );
    }
    return { encoding: bom, declared, byteOrderMark: true, warnings };
  }
  if (head.length >= 2 && head[0] === 0x30 && head[1] === 0x00) {
    return withDeclared('UTF-16LE', head);
  }
  if (head.length >= 2 && head[0] === 0x00 && head[1] === 0x30) {
    return withDeclared('UTF-16BE', head);
  }

  const declared = declaredCharset(decodeWindow(head, 'CP1252'));
  const highBytes = head.some((byte) => byte >= 0x80);
  const validUtf8 = isValidUtf8(head);
  const choose = (encoding: GedcomEncoding, warning?: string): EncodingChoice => {
    if (warning) warnings.push(warning);
    return { encoding, declared, byteOrderMark: false, warnings };
  };

  if (declared === null) {
    if (validUtf8) return choose('UTF-8');
    return choose(
      'CP1252',
      'The header does not name a character set and the text is not UTF-8; it was read as Windows-1252 (ANSI).',
    );
  }
  if (/^UTF-?8$/.test(declared) || /^(UNICODE|UTF-?16(LE|BE)?)$/.test(declared)) {
    const saysUnicode = !/^UTF-?8$/.test(declared);
    if (validUtf8) {
      return choose(
        'UTF-8',
        saysUnicode ? `The header says ${declared}, but the file is 8-bit text; it was read as UTF-8.` : undefined,
      );
    }
    return choose(
      'CP1252',
      `The header says ${declared}, but the file has bytes that are not UTF-8; it was read as Windows-1252 (ANSI).`,
    );
  }
  const legacy = LEGACY_NAMES[declared];
  if (legacy) {
    if (highBytes && validUtf8) {
      return choose('UTF-8', `The header says ${declared}, but the text is UTF-8; it was read as UTF-8.`);
    }
    return choose(legacy);
  }
  if (validUtf8) {
    return choose(
      'UTF-8',
      `The header names the character set ${declared}, which this archive does not know; the text was read as UTF-8.`,
    );
  }
  return choose(
    'CP1252',
    `The header names the character set ${declared}, which this archive does not know; the text was read as Windows-1252 (ANSI).`,
  );
}

export function createDecoder(encoding: GedcomEncoding): ChunkDecoder & { unknownBytes?: () => number } {
  switch (encoding) {
    case 'ANSEL': {
      const ansel = new AnselDecoder();
      return { decode: (bytes, final) => ansel.decode(bytes, final), unknownBytes: () => ansel.unknownBytes };
    }
    case 'CP437':
      return { decode: (bytes) => decodeSingleByte(bytes, CP437_HIGH) };
    case 'ASCII':
    case 'CP1252':
      return { decode: (bytes) => decodeSingleByte(bytes, CP1252_HIGH) };
    default: {
      const label = (
        { 'UTF-8': 'utf-8', 'UTF-16LE': 'utf-16le', 'UTF-16BE': 'utf-16be', MACINTOSH: 'macintosh' } as const
      )[encoding];
      const decoder = new TextDecoder(label);
      return { decode: (bytes, final) => decoder.decode(bytes, { stream: !final }) };
    }
  }
}

function byteOrderMark(head: Uint8Array): GedcomEncoding | null {
  if (head.length >= 3 && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'UTF-8';
  if (head.length >= 2 && head[0] === 0xff && head[1] === 0xfe) return 'UTF-16LE';
  if (head.length >= 2 && head[0] === 0xfe && head[1] === 0xff) return 'UTF-16BE';
  return null;
}

function withDeclared(encoding: GedcomEncoding, head: Uint8Array): EncodingChoice {
  return { encoding, declared: declaredCharset(decodeWindow(head, encoding)), byteOrderMark: false, warnings: [] };
}

function decodeWindow(head: Uint8Array, encoding: GedcomEncoding): string {
  return createDecoder(encoding).decode(head, true);
}

/** The value of `1 CHAR` inside the header (before the second record starts), upper case. */
function declaredCharset(text: string): string | null {
  const lines = text.split(/\r\n|\r|\n/);
  for (let index = 1; index < lines.length; index++) {
    const line = lines[index].trim();
    if (/^0\s/.test(line)) break;
    const match = /^1\s+CHAR(?:\s+(.*))?$/i.exec(line);
    if (match) {
      const value = (match[1] ?? '').trim().toUpperCase().replace(/\s+/g, ' ');
      return value || null;
    }
  }
  return null;
}

function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/** IBM PC code page 437, bytes 0x80–0xFF (WHATWG's TextDecoder does not know it). */
const CP437_HIGH =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0';

/**
 * Windows-1252, bytes 0x80–0xFF. Node 20's TextDecoder('windows-1252') drops 0x80–0x9F (curly quotes, the
 * euro sign, dashes), so the table is ours; the five undefined bytes map to the C1 code points, as WHATWG says.
 */
const CP1252_HIGH =
  '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ' +
  Array.from({ length: 0x60 }, (_, index) => String.fromCharCode(0xa0 + index)).join('');

function decodeSingleByte(bytes: Uint8Array, high: string): string {
  let out = '';
  for (const byte of bytes) out += byte < 0x80 ? String.fromCharCode(byte) : high[byte - 0x80];
  return out;
}
