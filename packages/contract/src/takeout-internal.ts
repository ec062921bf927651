/**
 * What the media worker asks the other services for while it writes a takeout export (docs/architecture.md
 * "Internal calls"). Every list comes in pages by id: `next` is the `after` of the following page, null at the end.
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

/** GET /internal/takeout-ties?after=&limit= (family): partnerships and child ties, by relation id. */
export interface TakeoutTiesPage {
  partnerships: Partnership[];
  childTies: ChildTie[];
  next: number | null;
}

/**
 * GET /internal/takeout-gedcom?for=&scope= (family): the whole family as GEDCOM 7 with living people in full,
 * its OBJE records naming the files' paths inside the export of `scope` made for person `for`.
 */
export interface TakeoutGedcom {
  gedcom: string;
  /** The GEDCOM record of each person, by person id (`I12`). */
  xrefs: Record<number, string>;
  /** The archive's own id (its GEDCOM UID namespace). */
  archiveId: string;
}

/** GET /internal/media/tagged?takeoutFor=&scope= (media): the files of that export only, by their path in it. */
export interface TakeoutMediaQuery {
  takeoutFor: number;
  scope: ExportScope;
}
