/**
 * What one GEDCOM import may hold. The reader keeps every person until the file's links are resolved, so memory
 * grows with the file: these caps bound it, each far beyond any real family file (the largest in the archive's
 * test set: 4,683 people, 2.4 MB, lines of 880 characters, a note of 32,053 characters, 171 linked files), and a
 * file over one is refused while it is read, with a sentence (docs/architecture.md#gedcom-import-and-export).
 */
export const GEDCOM_LIMITS = {
  /** Characters of GEDCOM text in one file (decoded): everything the reader keeps is part of it. */
  textChars: 50_000_000,
  people: 50_000,
  /** Level-0 records of every kind (people, families, notes, sources, media…). */
  records: 250_000,
  lineChars: 100_000,
  /** One line's value with its CONC and CONT continuations joined (a note, usually). */
  noteChars: 1_000_000,
  /** Lines in one record, its continuations included: a record is held whole while it is read. */
  recordLines: 50_000,
  /** Distinct files of a GEDZIP sent to media in one import. */
  mediaFiles: 10_000,
  /** Bytes unpacked from a GEDZIP in one import, the GEDCOM and its files together. */
  unpackedBytes: 4 * 1024 ** 3,
} as const;

const count = (value: number) => value.toLocaleString('en');

/** The sentences of a file over a cap (answered 413). */
export const OVER_LIMIT = {
  textChars: `The GEDCOM file is longer than ${count(GEDCOM_LIMITS.textChars / 1_000_000)} million characters; the archive imports files up to that size. Export a smaller part of the tree (a branch) and import it.`,
  people: `The file holds more than ${count(GEDCOM_LIMITS.people)} people; the archive imports up to ${count(GEDCOM_LIMITS.people)} per file. Export a smaller part of the tree (a branch) and import it.`,
  records: `The file holds more than ${count(GEDCOM_LIMITS.records)} records; the archive imports up to ${count(GEDCOM_LIMITS.records)} per file. Export a smaller part of the tree (a branch) and import it.`,
  lineChars: (line: number) =>
    `Line ${line} is longer than ${count(GEDCOM_LIMITS.lineChars)} characters; no genealogy program writes such a line, so the file cannot be imported.`,
  noteChars: (line: number) =>
    `Line ${line}: its text with the CONC and CONT lines that continue it is longer than ${count(GEDCOM_LIMITS.noteChars)} characters; shorten that note in your genealogy program and export again.`,
  recordLines: (line: number) =>
    `Line ${line}: the record that starts here has more than ${count(GEDCOM_LIMITS.recordLines)} lines; shorten it in your genealogy program and export again.`,
  mediaFiles: `The ZIP's GEDCOM names more than ${count(GEDCOM_LIMITS.mediaFiles)} files; the archive imports up to ${count(GEDCOM_LIMITS.mediaFiles)} per file. Split the photos over several imports.`,
  unpackedBytes: `The ZIP unpacks to more than ${count(GEDCOM_LIMITS.unpackedBytes / 1024 ** 3)} GB; the archive imports up to that per file. Split the photos over several imports.`,
};
