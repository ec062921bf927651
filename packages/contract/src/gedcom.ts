/** GEDCOM import and export (docs/api.md "GEDCOM"). */

export const GEDCOM_LIVING_OPTIONS = ['names', 'full', 'exclude'] as const;
/** How living people go into an export: only their names (the default), everything, or not at all. */
export type GedcomLiving = (typeof GEDCOM_LIVING_OPTIONS)[number];

export interface GedcomReportLine {
  /** The line of the GEDCOM file it is about, or null for the file as a whole. */
  line: number | null;
  reason: string;
}

/** What an import brought in, and what it left out and why. */
export interface GedcomImportReport {
  /** The file's GEDCOM version, encoding and the program that wrote it. */
  version: string | null;
  encoding: string;
  sourceProgram: string | null;
  /** People in the file. */
  people: number;
  /** Of them: new in the archive, already there (matched by name and birth date), or from an earlier import of this file. */
  created: number;
  matched: number;
  alreadyImported: number;
  /** Ties written now (ties already in the archive are not counted again). */
  partnerships: number;
  children: number;
  /** Files that became media items, and those the file names but the upload did not hold. */
  media: number;
  missingMedia: GedcomReportLine[];
  skipped: GedcomReportLine[];
  warnings: GedcomReportLine[];
  /** Vendors' `_TAG` structures skipped, by tag. */
  extensionTags: { total: number; byTag: Record<string, number> };
}

export interface GedcomImportStatus {
  id: number;
  fileName: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  /** 0–100. */
  progress: number;
  /** What the import is doing now, as a sentence. */
  stage: string | null;
  /** When done. */
  report: GedcomImportReport | null;
  /** When failed: why, as a sentence. */
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}

/** GET /internal/media/tagged: a media item with a file and the people tagged in it, for a GEDCOM export's OBJE. */
export interface TaggedMediaFile {
  id: number;
  fileName: string;
  title: string;
  contentType: string | null;
  people: number[];
}
