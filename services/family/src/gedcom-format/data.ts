/**
 * The plain data a GEDCOM file holds for this archive, as the reader produces it and the writer takes it.
 * Ids are the file's cross-reference identifiers without their @ signs ("I1"); lines are 1-based line
 * numbers in the file the data came from, so later checks can point at them.
 */

export type Sex = 'F' | 'M' | 'X' | 'U';
export type ChildRelation = 'birth' | 'adopted' | 'foster' | 'step';

export interface GedcomEvent {
  /** Genealogical date text, verbatim (see packages/shared/src/genealogy/genealogical-date.ts); null when the file gives none. */
  date: string | null;
  place: string | null;
}

export interface GedcomPerson {
  id: string;
  line?: number;
  givenName: string | null;
  surname: string | null;
  nicknames: string[];
  /** Married surnames (a married NAME's surname, or the whole name when it has no /surname/). */
  marriedNames: string[];
  sex: Sex | null;
  /** Null when the file does not say the event happened; {date: null, place: null} for "it happened" (`DEAT Y`). */
  birth: GedcomEvent | null;
  death: GedcomEvent | null;
  burial: GedcomEvent | null;
  baptism: GedcomEvent | null;
  /** The person's notes, joined by blank lines. */
  story: string | null;
  /** The person's GEDCOM UIDs (`UID`, or `_UID` before 7.0), as the file gives them. */
  uids?: string[];
  /** For writing: whether the person counts as living; when absent the writer works it out from birth and death. */
  living?: boolean;
}

export interface GedcomChild {
  person: string;
  line?: number;
  /** How the child is tied to each partner of the family, by the partner's id. */
  relations: Record<string, ChildRelation>;
}

export interface GedcomFamily {
  id: string;
  line?: number;
  /** Zero, one or two people; the first is written as HUSB, the second as WIFE (the writer may swap by sex). */
  partners: string[];
  marriage: GedcomEvent | null;
  divorce: GedcomEvent | null;
  children: GedcomChild[];
}

export interface GedcomMedia {
  /** The file as the GEDCOM names it (a path relative to the .ged, an absolute path or a URL). */
  path: string;
  /** The file's kind as the GEDCOM gives it: a media type (7.0) or a word like "jpeg" (5.5). */
  format: string | null;
  title: string | null;
  /** Ids of the people linked to the file (through their record or a family they are a partner in). */
  people: string[];
  line?: number;
}

export interface GedcomData {
  people: GedcomPerson[];
  families: GedcomFamily[];
  media: GedcomMedia[];
}

export interface GedcomIssue {
  line: number | null;
  message: string;
}

export interface GedcomReport {
  people: number;
  /** Families with two partners. */
  partnerships: number;
  /** Parent–child ties, one per child and parent. */
  children: number;
  media: number;
  skipped: { line: number | null; reason: string }[];
  warnings: GedcomIssue[];
  /** Vendors' extension structures (`_TAG`) that were skipped, by tag. */
  extensionTags: { total: number; byTag: Record<string, number> };
}

export interface GedcomImport extends GedcomData {
  /** GEDC VERS of the header (null when absent), and what the reader went by: '5' or '7'. */
  version: string | null;
  grammar: '5' | '7';
  encoding: string;
  /** The program that wrote the file (HEAD SOUR). */
  sourceProgram: string | null;
  /** Level-0 records that carry an identifier (@…@), by tag. */
  records: Record<string, number>;
  report: GedcomReport;
}

/**
 * A file refused as a whole. `notGedcom` means it is not GEDCOM at all (answer 415); otherwise it is GEDCOM
 * too broken to import faithfully (answer 400). The message is a sentence for the person who uploaded it.
 */
export class GedcomRefusedError extends Error {
  constructor(
    message: string,
    readonly notGedcom: boolean,
    readonly line: number | null = null,
  ) {
    super(message);
    this.name = 'GedcomRefusedError';
  }
}

/** A file over one of the import's caps (limits.ts): answered 413, since a smaller file would do. */
export class GedcomTooLargeError extends GedcomRefusedError {
  constructor(message: string, line: number | null = null) {
    super(message, false, line);
    this.name = 'GedcomTooLargeError';
  }
}
