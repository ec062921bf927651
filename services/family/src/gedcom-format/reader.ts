/**
 * Reading a GEDCOM file: bytes → text (encoding.ts) → records (lines.ts) → plain data (mapper.ts).
 *
 * Why our own reader rather than an npm package: the candidates were tried on the 94 files in
 * ../shared/gedcom. `parse-gedcom` (2.0.1) and its successor `gedcom` (3.0.4, both by tmcw) take a string,
 * so every encoding but UTF-8 (ANSEL, Windows-1252, IBM PC, UTF-16) would still be ours to decode, and they
 * stop at the first level jump without a line number. `read-gedcom` (0.3.2) decodes ANSEL and Windows-1252
 * but throws at the first problem of any kind: it refused 12 of the 94 files, among them a real MyHeritage
 * export (its "0  _PUBLISH" line), indented lines and a NOTE under a CONT, which a family must still be able
 * to import; it cannot say "line 8 was skipped because…" and keep the rest. Neither writes GEDCOM 7, and
 * both read the whole file into memory. What we need on top of a tokenizer (encodings with the
 * header-versus-bytes rules, line-by-line reports, streaming, the family rules) is most of the work, so the
 * reader is written here, in small modules.
 */
import { GedcomRefusedError, GedcomTooLargeError, type GedcomImport } from './data';
import { SNIFF_BYTES, createDecoder, detectEncoding, encodingName, type ChunkDecoder } from './encoding';
import { GEDCOM_LIMITS, OVER_LIMIT } from './limits';
import { GedcomRecordReader } from './lines';
import { GedcomMapper } from './mapper';

export { GedcomRefusedError, GedcomTooLargeError };

/** Reads a GEDCOM file held in memory. Throws {@link GedcomRefusedError} when the file cannot be imported. */
export function readGedcom(bytes: Uint8Array): GedcomImport {
  const parser = new GedcomParser();
  parser.write(bytes);
  return parser.end();
}

/** Reads a GEDCOM file as it streams in (an upload, a file stream); memory stays within the caps of limits.ts. */
export async function readGedcomStream(chunks: AsyncIterable<Uint8Array>): Promise<GedcomImport> {
  const parser = new GedcomParser();
  for await (const chunk of chunks) parser.write(chunk);
  return parser.end();
}

/**
 * Reads a GEDCOM file only to know whether it can be imported: it meets every refusal the import would
 * (malformed, an identifier given twice, over a cap) and answers the paths of the files it names, but keeps no
 * people, so an upload is checked in little memory and without the work of linking them.
 */
export async function checkGedcomStream(chunks: AsyncIterable<Uint8Array>): Promise<string[]> {
  const parser = new GedcomParser(true);
  for await (const chunk of chunks) parser.write(chunk);
  return parser.check();
}

/** Push-style reader: `write` each chunk, then `end` (or `check`, when made to check only). */
export class GedcomParser {
  private readonly mapper: GedcomMapper;
  private readonly lines = new GedcomRecordReader({
    record: (record) => {
      this.mapper.add(record);
      if (record.tag === 'HEAD') this.lines.atSignRule = this.mapper.grammar;
    },
    skip: ({ line, reason }) => this.mapper.skip(line, reason),
    repair: ({ line, reason }) => this.mapper.warn(line, reason),
  });
  private head: Uint8Array[] = [];
  private headBytes = 0;
  private decoder: ChunkDecoder | null = null;
  private encoding = '';
  private replacementCharacters = 0;
  private characters = 0;
  /** U+FFFD written in a UTF-8 file as such (EF BF BD), which is text, not a decoding failure. */
  private writtenReplacements = 0;
  private utf8Tail: number[] | null = null;

  constructor(checkOnly = false) {
    this.mapper = new GedcomMapper(checkOnly);
  }

  /** The most lines one record held at once while reading (memory grows with records, not with the file). */
  get largestRecordLines(): number {
    return this.lines.maxRecordLines;
  }

  write(chunk: Uint8Array): void {
    if (this.decoder) {
      this.countWrittenReplacements(chunk);
      this.feed(this.decoder.decode(chunk, false));
      return;
    }
    this.head.push(chunk);
    this.headBytes += chunk.length;
    if (this.headBytes >= SNIFF_BYTES) this.startDecoding();
  }

  /** The end of a file read to check it: the paths of the files it names. */
  check(): string[] {
    this.endLines();
    return [...this.mapper.filePaths];
  }

  end(): GedcomImport {
    this.endLines();
    const undecodable = this.replacementCharacters - this.writtenReplacements;
    if (undecodable > 0) {
      this.mapper.warn(null, `${undecodable} characters could not be read as ${this.encoding} and show as "\ufffd".`);
    }
    const { data, report } = this.mapper.finish(this.lines.trailerSeen);
    return {
      ...data,
      version: this.mapper.version,
      grammar: this.mapper.grammar,
      encoding: this.encoding,
      sourceProgram: this.mapper.sourceProgram,
      records: this.mapper.records,
      report,
    };
  }

  private endLines(): void {
    if (!this.decoder) this.startDecoding();
    this.feed(this.decoder!.decode(new Uint8Array(0), true));
    this.lines.end();
  }

  private startDecoding(): void {
    const head = concat(this.head, this.headBytes);
    this.head = [];
    const choice = detectEncoding(head.subarray(0, SNIFF_BYTES));
    this.encoding = encodingName(choice.encoding);
    for (const warning of choice.warnings) this.mapper.warn(null, warning);
    this.decoder = createDecoder(choice.encoding);
    if (choice.encoding === 'UTF-8') this.utf8Tail = [];
    this.countWrittenReplacements(head);
    this.feed(this.decoder.decode(head, false));
  }

  private countWrittenReplacements(chunk: Uint8Array): void {
    if (!this.utf8Tail) return;
    const bytes = [...this.utf8Tail, ...chunk.subarray(0, 2)];
    for (let index = 0; index + 2 < bytes.length; index++) {
      if (bytes[index] === 0xef && bytes[index + 1] === 0xbf && bytes[index + 2] === 0xbd) this.writtenReplacements++;
    }
    for (let index = 0; index + 2 < chunk.length; index++) {
      if (chunk[index] === 0xef && chunk[index + 1] === 0xbf && chunk[index + 2] === 0xbd) this.writtenReplacements++;
    }
    this.utf8Tail = [...this.utf8Tail, ...chunk.subarray(Math.max(0, chunk.length - 2))].slice(-2);
  }

  private feed(text: string): void {
    this.characters += text.length;
    if (this.characters > GEDCOM_LIMITS.textChars) throw new GedcomTooLargeError(OVER_LIMIT.textChars);
    if (text.includes('\ufffd')) this.replacementCharacters += text.split('\ufffd').length - 1;
    this.lines.push(text);
  }
}

function concat(chunks: Uint8Array[], length: number): Uint8Array {
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}
