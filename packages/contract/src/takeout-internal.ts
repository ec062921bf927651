/**
 * What the media worker asks the other services for while it writes a takeout export (docs/architecture.md
 * "Internal calls"), and the family part it queues as jobs. Every list comes in pages by id: `next` is the `after`
 * of the following page, null at the end.
 */
import type { ChildTie, Partnership } from './family';
import type { ExportScope } from './takeout';

export interface TakeoutPage<T> {
  items: T[];
  next: number | null;
}

/** GET /internal/users/{id}/takeout-albums?scope=&after=&limit= (albums): `mine` those created, `family` those seen. */
export interface TakeoutAlbum {
  id: number;
  name: string;
  description: string | null;
  isShared: boolean;
  createdBy: number;
  members: { userId: number; canEdit: boolean }[];
  /** ISO timestamp. */
  createdAt: string;
}

/** GET /internal/takeout-memories?after=&limit=&person= (profile): memories, all or those written by or about one person. */
export interface TakeoutMemory {
  id: number;
  title: string;
  content: string;
  writerId: number;
  personId: number;
  /** ISO timestamp. */
  createdAt: string;
}

/**
 * A takeout's family part, done by the family worker as jobs the media worker queues in family's queue
 * (docs/architecture.md "Takeout export", "Takeout import"): the media worker never calls family. Each job's
 * files are in the object storage both share, under `takeoutFamilyFolder`; the media worker waits on the job's
 * state in the queue and then reads them.
 */
export const TAKEOUT_FAMILY_QUEUE = 'family_jobs';

/** Writes an export's family.ged and family.json (TakeoutFamilyPart); its key is `takeoutFamilyFolder`'s. */
export const TAKEOUT_FAMILY_EXPORT = { name: 'takeout-family-export', retryLimit: 2, retryDelaySeconds: 5 };

/** Imports an import's family.ged (stored by the media worker) and writes people.json (TakeoutFamilyPeople). */
export const TAKEOUT_FAMILY_IMPORT = { name: 'takeout-family-import', retryLimit: 2, retryDelaySeconds: 5 };

export interface TakeoutFamilyExportJob {
  exportId: number;
  /** The member the export is made for, and its scope: family.ged's OBJE records name that export's paths. */
  userId: number;
  scope: ExportScope;
}

export interface TakeoutFamilyImportJob {
  importId: number;
  /** The importing member, who creates the people the file brings. */
  createdBy: number;
  /** Records (`I1`) that are members here already, found by username: the tree's ties reach them. */
  known: Record<string, number>;
}

/** The storage folder of one export's or import's family part (also the job's key). */
export function takeoutFamilyFolder(kind: 'export' | 'import', id: number): string {
  return `takeout-family/${kind}-${id}`;
}

/** family.json of an export: what archive.json needs of the family beside family.ged. */
export interface TakeoutFamilyPart {
  partnerships: Partnership[];
  childTies: ChildTie[];
  /** The GEDCOM record of each person in family.ged, by person id (`I12`). */
  xrefs: Record<number, string>;
  /** The archive's own id (its GEDCOM UID namespace). */
  archiveId: string;
}

/**
 * people.json of an import: which person of this archive each record of family.ged is now, or why the file was
 * refused (the GEDCOM import's sentence and status: malformed 400, over a cap 413, not GEDCOM 415).
 */
export type TakeoutFamilyPeople =
  | { people: Record<string, number>; created: number; matched: number }
  | { refused: { status: number; message: string } };

/** GET /internal/media/tagged?takeoutFor=&scope= (media): the files of that export only, by their path in it. */
export interface TakeoutMediaQuery {
  takeoutFor: number;
  scope: ExportScope;
}
