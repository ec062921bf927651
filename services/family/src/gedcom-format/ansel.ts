/**
 * ANSEL (ANSI Z39.47, the MARC-8 Latin set with GEDCOM's additions), the default character set of GEDCOM
 * before 7.0. Bytes below 0x80 are ASCII. Combining diacritics (0xE0–0xFE) come BEFORE the letter they sit
 * on, where Unicode wants them after: the decoder holds them until the base letter arrives. The caller
 * normalises to NFC, so "e" + U+0301 becomes "é".
 */

/** Spacing characters 0x88–0xDF. 0xAE and 0xB0 follow GEDCOM's own test files (half rings, U+02BE/U+02BF). */
const SPACING: Record<number, string> = {
  0x88: '', // MARC "non-sorting begin": a sorting hint, no character
  0x89: '', // MARC "non-sorting end"
  0x8d: '\u200d',
  0x8e: '\u200c',
  0xa1: '\u0141', // Ł
  0xa2: '\u00d8', // Ø
  0xa3: '\u0110', // Đ
  0xa4: '\u00de', // Þ
  0xa5: '\u00c6', // Æ
  0xa6: '\u0152', // Œ
  0xa7: '\u02b9', // modifier prime
  0xa8: '\u00b7', // middle dot
  0xa9: '\u266d', // music flat
  0xaa: '\u00ae', // ®
  0xab: '\u00b1', // ±
  0xac: '\u01a0', // Ơ
  0xad: '\u01af', // Ư
  0xae: '\u02be', // modifier right half ring (alif)
  0xb0: '\u02bf', // modifier left half ring (ayn)
  0xb1: '\u0142', // ł
  0xb2: '\u00f8', // ø
  0xb3: '\u0111', // đ
  0xb4: '\u00fe', // þ
  0xb5: '\u00e6', // æ
  0xb6: '\u0153', // œ
  0xb7: '\u02ba', // modifier double prime
  0xb8: '\u0131', // dotless i
  0xb9: '\u00a3', // £
  0xba: '\u00f0', // ð
  0xbc: '\u01a1', // ơ
  0xbd: '\u01b0', // ư
  0xbe: '\u25a1', // GEDCOM: empty box
  0xbf: '\u25a0', // GEDCOM: black box
  0xc0: '\u00b0', // °
  0xc1: '\u2113', // ℓ
  0xc2: '\u2117', // ℗
  0xc3: '\u00a9', // ©
  0xc4: '\u266f', // ♯
  0xc5: '\u00bf', // ¿
  0xc6: '\u00a1', // ¡
  0xc7: '\u00df', // ß (MARC-8)
  0xc8: '\u20ac', // € (MARC-8)
  0xcd: 'e', // GEDCOM: midline e
  0xce: 'o', // GEDCOM: midline o
  0xcf: '\u00df', // GEDCOM: es zet
};

/** Combining diacritics 0xE0–0xFE, as the Unicode combining mark each stands for. */
const COMBINING: Record<number, string> = {
  0xe0: '\u0309', // hook above
  0xe1: '\u0300', // grave
  0xe2: '\u0301', // acute
  0xe3: '\u0302', // circumflex
  0xe4: '\u0303', // tilde
  0xe5: '\u0304', // macron
  0xe6: '\u0306', // breve
  0xe7: '\u0307', // dot above
  0xe8: '\u0308', // diaeresis
  0xe9: '\u030c', // caron
  0xea: '\u030a', // ring above
  0xeb: '\ufe20', // ligature left half
  0xec: '\ufe21', // ligature right half
  0xed: '\u0315', // comma above right
  0xee: '\u030b', // double acute
  0xef: '\u0310', // candrabindu
  0xf0: '\u0327', // cedilla
  0xf1: '\u0328', // ogonek
  0xf2: '\u0323', // dot below
  0xf3: '\u0324', // diaeresis below
  0xf4: '\u0325', // ring below
  0xf5: '\u0333', // double low line
  0xf6: '\u0332', // low line
  0xf7: '\u0326', // comma below
  0xf8: '\u031c', // left half ring below
  0xf9: '\u032e', // breve below
  0xfa: '\ufe22', // double tilde left half
  0xfb: '\ufe23', // double tilde right half
  0xfe: '\u0313', // comma above
};

/** Decodes ANSEL chunk by chunk; combining marks at the end of a chunk wait for the next one. */
export class AnselDecoder {
  private pendingMarks = '';
  /** Bytes that ANSEL does not define, decoded as U+FFFD. */
  unknownBytes = 0;

  decode(bytes: Uint8Array, final = false): string {
    let out = '';
    for (const byte of bytes) {
      if (byte === 0x0a || byte === 0x0d) {
        // Marks before a line end have no letter to sit on: they stay, bare, on their own line.
        out += this.pendingMarks + String.fromCharCode(byte);
        this.pendingMarks = '';
        continue;
      }
      if (byte < 0x80) {
        out += String.fromCharCode(byte) + this.pendingMarks;
        this.pendingMarks = '';
        continue;
      }
      const mark = COMBINING[byte];
      if (mark !== undefined) {
        this.pendingMarks += mark;
        continue;
      }
      const spacing = SPACING[byte];
      if (spacing === undefined) this.unknownBytes++;
      out += (spacing ?? '\ufffd') + this.pendingMarks;
      this.pendingMarks = '';
    }
    if (final) {
      out += this.pendingMarks;
      this.pendingMarks = '';
    }
    return out;
  }
}
