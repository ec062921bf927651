import { GedcomRefusedError, GedcomTooLargeError } from './data';
import { GEDCOM_LIMITS, OVER_LIMIT } from './limits';

/**
 * GEDCOM lines to a tree of records, fed with decoded text chunk by chunk and handing over each level-0
 * record as soon as the next one starts, so a file is never held whole. CONC and CONT are joined into the
 * value of the line they continue. Lines that break the grammar are skipped with their line number and a
 * reason: blank lines, unreadable lines, levels over 99, a level that jumps more than one deeper (with the
 * lines under it), lines under a continuation. Leading white space, several spaces between fields and
 * CR, LF or CR LF line ends are accepted, as GEDCOM 5.5.1 asks of readers.
 */

export interface GedcomNode {
  level: number;
  xref: string | null;
  /** Upper case. */
  tag: string;
  /** The value with continuations joined and @@ unescaped; a pointer stays as written ("@I1@"). */
  value: string;
  /** The pointer this line holds ("@I1@"), or null. */
  pointer: string | null;
  line: number;
  children: GedcomNode[];
}

export interface SkippedLine {
  line: number;
  reason: string;
}

export interface RecordReaderEvents {
  record(node: GedcomNode): void;
  skip(skipped: SkippedLine): void;
  /** A line read in a way the grammar does not say, because what was meant is plain. */
  repair?(repaired: SkippedLine): void;
}

/** Longer lines are not GEDCOM (7.0 has no limit, but no genealogy program writes such a line). */
export const MAX_LINE_CHARS = GEDCOM_LIMITS.lineChars;
/** Past this many unreadable lines, and when they are most of the file, the file is refused as not GEDCOM. */
const MAX_UNREADABLE_LINES = 1000;

const LINE = /^(\d+)[ \t]+(?:(@[^@]+@)[ \t]+)?([A-Za-z0-9_]+)(?:[ \t](.*))?$/s;
const POINTER = /^@[^@#][^@]*@$/;
/** Records whose own line carries text that CONC and CONT can continue. */
const RECORDS_WITH_TEXT = new Set(['NOTE', 'SNOTE']);
// eslint-disable-next-line no-control-regex
const CONTROL_ONLY = /^[\x00-\x1f]*$/;
/** Control characters are not text in any GEDCOM version (tab aside), and Postgres cannot store a null one. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f]/;
const CONTROLS = new RegExp(CONTROL.source, 'g');

export class GedcomRecordReader {
  /** How `@@` is read: GEDCOM 7 doubles only a leading @, earlier versions every @. Set once the header is read. */
  atSignRule: '5' | '7' = '5';
  lineCount = 0;
  trailerSeen = false;
  /** The most lines one record held at once: the reader's memory is bounded by the largest record. */
  maxRecordLines = 0;

  private partial = '';
  private pendingCarriageReturn = false;
  private headerChecked = false;
  private root: GedcomNode | null = null;
  private rootLines = 0;
  private stack: GedcomNode[] = [];
  private skipDeeperThan: number | null = null;
  private skipBlock: { line: number; reason: string; count: number } | null = null;
  private lastWasContinuation = false;
  private continuationTag = 'CONT';
  private unreadable = 0;

  constructor(private readonly events: RecordReaderEvents) {}

  push(text: string): void {
    let start = 0;
    if (this.pendingCarriageReturn && text.startsWith('\n')) start = 1;
    this.pendingCarriageReturn = false;
    for (let index = start; index < text.length; index++) {
      const char = text.charCodeAt(index);
      if (char !== 0x0a && char !== 0x0d) continue;
      this.completeLine(this.partial + text.slice(start, index));
      this.partial = '';
      if (char === 0x0d) {
        if (index + 1 === text.length) this.pendingCarriageReturn = true;
        else if (text.charCodeAt(index + 1) === 0x0a) index++;
      }
      start = index + 1;
    }
    this.partial += text.slice(start);
    if (this.partial.length > MAX_LINE_CHARS) this.refuseLongLine(this.lineCount + 1);
    if (!this.headerChecked && this.partial.trim().length >= 16) this.checkHeader(this.partial, this.lineCount + 1);
  }

  end(): void {
    if (this.partial !== '') this.completeLine(this.partial);
    this.partial = '';
    this.closeSkipBlock();
    this.flush();
    if (!this.headerChecked) {
      throw new GedcomRefusedError('The file is empty: a GEDCOM file starts with the line "0 HEAD".', true, null);
    }
  }

  private refuseLongLine(line: number): never {
    if (line === 1) {
      throw new GedcomRefusedError('This is not a GEDCOM file: a GEDCOM file starts with the line "0 HEAD".', true, 1);
    }
    throw new GedcomTooLargeError(OVER_LIMIT.lineChars(line), line);
  }

  private completeLine(raw: string): void {
    this.lineCount++;
    const lineNumber = this.lineCount;
    if (raw.length > MAX_LINE_CHARS) this.refuseLongLine(lineNumber);
    let text = lineNumber === 1 && raw.startsWith('\ufeff') ? raw.slice(1) : raw;
    if (text.trim() === '') {
      if (!this.headerChecked || this.trailerSeen) return;
      this.closeSkipBlock();
      this.events.skip({ line: lineNumber, reason: `Line ${lineNumber} is empty.` });
      return;
    }
    if (!this.headerChecked) this.checkHeader(text, lineNumber);
    // A copy, not a slice: values kept from this line must not pin the whole decoded chunk in memory.
    text = ` ${text}`.slice(1).replace(/^[ \t]+/, '');
    if (/[^ -~\t]/.test(text)) text = text.normalize('NFC');

    let match = LINE.exec(text);
    if (this.trailerSeen) {
      // DOS files often end with a Ctrl-Z after the trailer.
      if (!CONTROL_ONLY.test(text))
        this.events.skip({ line: lineNumber, reason: `Line ${lineNumber} comes after 0 TRLR, the end of the data.` });
      return;
    }
    if (!match) {
      this.unreadable++;
      if (this.unreadable > MAX_UNREADABLE_LINES && this.unreadable * 2 > this.lineCount) {
        throw new GedcomRefusedError(
          `Most lines of this file are not GEDCOM lines (${this.unreadable} of the first ${this.lineCount}); it cannot be imported.`,
          true,
          lineNumber,
        );
      }
      const level = /^(\d+)[ \t]/.exec(text);
      this.skipLine(
        lineNumber,
        level ? Number(level[1]) : null,
        `Line ${lineNumber} is not a GEDCOM line (${describe(text)}).`,
      );
      return;
    }
    // A readable line with control characters in its value: the value without them.
    if (CONTROL.test(text)) {
      const found = [...new Set(text.match(CONTROLS))].map((c) => describe(c)).join(', ');
      text = text.replace(CONTROLS, '');
      this.events.repair?.({
        line: lineNumber,
        reason: `Line ${lineNumber} holds control characters (${found}), which are not text; they were removed.`,
      });
      match = LINE.exec(text)!;
    }

    const level = Number(match[1]);
    const tag = match[3].toUpperCase();
    const rawValue = match[4] ?? '';
    if (this.skipDeeperThan !== null) {
      if (level > this.skipDeeperThan) {
        this.skipBlock!.count++;
        return;
      }
      this.closeSkipBlock();
    }
    if (level > 99) {
      this.skipLine(lineNumber, level, `Line ${lineNumber} has level ${level}; GEDCOM levels go up to 99.`);
      return;
    }
    if (level === 0) {
      this.flush();
      if (tag === 'TRLR') {
        this.trailerSeen = true;
        return;
      }
      if (tag === 'CONC' || tag === 'CONT') {
        this.skipLine(lineNumber, 0, `Line ${lineNumber} is a ${tag} continuation with no line above it to continue.`);
        return;
      }
      const node = this.node(0, match[2] ?? null, tag, rawValue, lineNumber);
      this.root = node;
      this.rootLines = 1;
      this.stack = [node];
      this.lastWasContinuation = false;
      return;
    }
    if (!this.root) {
      this.skipLine(lineNumber, level, `Line ${lineNumber} has level ${level} but no record above it.`);
      return;
    }
    if (level > this.stack.length) {
      const reason =
        this.lastWasContinuation && level === this.stack.length + 1
          ? `Line ${lineNumber} sits under a ${this.continuationTag} continuation, which cannot have lines under it.`
          : `Line ${lineNumber} jumps from level ${this.stack.length - 1 + (this.lastWasContinuation ? 1 : 0)} to level ${level}; a line can only go one level deeper.`;
      this.skipLine(lineNumber, level, reason);
      return;
    }
    this.stack.length = level;
    const parent = this.stack[level - 1];
    this.rootLines++;
    this.maxRecordLines = Math.max(this.maxRecordLines, this.rootLines);
    if (this.rootLines > GEDCOM_LIMITS.recordLines) {
      throw new GedcomTooLargeError(OVER_LIMIT.recordLines(this.root.line), this.root.line);
    }
    if (tag === 'CONT' || tag === 'CONC') {
      const piece = this.unescape(rawValue);
      let target = parent;
      // "1 NOTE …" followed by "1 CONC …" in an INDI: records other than notes have no text to continue,
      // so some programs' continuation one level too shallow belongs to the line before it.
      const previous = parent.children[parent.children.length - 1];
      if (level === 1 && !RECORDS_WITH_TEXT.has(parent.tag) && previous && !parent.value) {
        target = previous;
        this.events.repair?.({
          line: lineNumber,
          reason: `Line ${lineNumber}: ${tag} should be one level deeper than the line it continues; it was read as continuing line ${previous.line}.`,
        });
      }
      if (target.value.length + piece.length + 1 > GEDCOM_LIMITS.noteChars) {
        throw new GedcomTooLargeError(OVER_LIMIT.noteChars(target.line), target.line);
      }
      target.value += tag === 'CONT' ? `\n${piece}` : piece;
      this.lastWasContinuation = true;
      this.continuationTag = tag;
      return;
    }
    const node = this.node(level, match[2] ?? null, tag, rawValue, lineNumber);
    parent.children.push(node);
    this.stack.push(node);
    this.lastWasContinuation = false;
  }

  private node(level: number, xref: string | null, tag: string, rawValue: string, line: number): GedcomNode {
    const pointer = POINTER.test(rawValue) ? rawValue : null;
    return { level, xref, tag, value: pointer ?? this.unescape(rawValue), pointer, line, children: [] };
  }

  private unescape(value: string): string {
    if (!value.includes('@@')) return value;
    if (this.atSignRule === '7') return value.startsWith('@@') ? value.slice(1) : value;
    return value.replaceAll('@@', '@');
  }

  /** A skipped line is reported once the lines under it are known, so the report can count them. */
  private skipLine(line: number, level: number | null, reason: string): void {
    this.closeSkipBlock();
    if (level === null) {
      this.events.skip({ line, reason });
      return;
    }
    this.skipDeeperThan = level;
    this.skipBlock = { line, reason, count: 0 };
  }

  private closeSkipBlock(): void {
    if (this.skipBlock) {
      const { line, reason, count } = this.skipBlock;
      const under =
        count === 0
          ? ''
          : count === 1
            ? ' The line under it was skipped too.'
            : ` The ${count} lines under it were skipped too.`;
      this.events.skip({ line, reason: reason + under });
    }
    this.skipBlock = null;
    this.skipDeeperThan = null;
  }

  private flush(): void {
    if (this.root) this.events.record(this.root);
    this.root = null;
    this.stack = [];
  }

  private checkHeader(text: string, lineNumber: number): void {
    this.headerChecked = true;
    const line = text.replace(/^\ufeff/, '').replace(/^[ \t]+/, '');
    if (/^0[ \t]+HEAD\b/i.test(line)) return;
    const looksLikeGedcom = LINE.test(line.split(/\r|\n/)[0]);
    throw new GedcomRefusedError(
      looksLikeGedcom
        ? `The file has no GEDCOM header: it must start with the line "0 HEAD", but line ${lineNumber} is "${describe(line)}".`
        : 'This is not a GEDCOM file: a GEDCOM file starts with the line "0 HEAD".',
      !looksLikeGedcom,
      lineNumber,
    );
  }
}

/** A line shortened for a message, with control characters made visible. */
function describe(text: string): string {
  const shown = text.length > 60 ? `${text.slice(0, 60)}…` : text;
  // eslint-disable-next-line no-control-regex
  return shown.replace(/[\x00-\x1f\x7f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}
