/**
 * Takeout: a member's export of the archive as one ZIP, and the import of such a ZIP into another archive
 * (docs/api.md "Takeout"). The ZIP's `archive.json` is ArchiveManifest; the same types are read back by the import.
 */
import type { ChildTie, Partnership } from './family';
import type { MediaItem, MediaType } from './media';
import type { PersonListItem } from './people';
import type { PersonName } from './person';

export const EXPORT_SCOPES = ['mine', 'family'] as const;
/** `mine`: what I uploaded, my profile, memories and albums, and the tree; `family`: everything I may see. */
export type ExportScope = (typeof EXPORT_SCOPES)[number];

export const TAKEOUT_STATUSES = ['running', 'ready', 'failed'] as const;
export type TakeoutStatus = (typeof TAKEOUT_STATUSES)[number];

/** How far a job has come: `done` of `total` steps (items written or read). */
export interface TakeoutProgress {
  done: number;
  total: number;
}

/** Exports are kept this many days after they are ready, then deleted with their file. */
export const EXPORT_KEEP_DAYS = 7;

/** POST /api/exports */
export interface CreateExportRequest {
  scope: ExportScope;
}

/** POST /api/exports answers 202 with one; GET /api/exports lists them, newest first; GET /api/exports/{id}. */
export interface ExportJob {
  id: number;
  scope: ExportScope;
  status: TakeoutStatus;
  progress: TakeoutProgress;
  /** The ZIP's size once ready; null before. */
  sizeBytes: number | null;
  /** `/api/exports/{id}/download` once ready; null before. */
  downloadUrl: string | null;
  /** Why it failed, as a sentence; null unless failed. */
  error: string | null;
  /** ISO timestamps. `expiresAt` is set once ready. */
  createdAt: string;
  expiresAt: string | null;
}

/** What an import brought in, and what it left out and why. */
export interface TakeoutImportReport {
  /** Items created now (items already brought in by an earlier import of the same archive are not counted). */
  media: number;
  albums: number;
  /** People created from family.ged or matched by username. */
  people: number;
  tags: number;
  skipped: { path: string; reason: string }[];
}

/** POST /api/imports (multipart `file`, a ZIP made by an export) answers 202 with one; GET /api/imports/{id}. */
export interface ImportJob {
  id: number;
  fileName: string;
  status: TakeoutStatus;
  progress: TakeoutProgress;
  /** Once ready. */
  report: TakeoutImportReport | null;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}

/** `archive.json`'s `format`: an import refuses a ZIP whose archive.json does not say this. */
export const ARCHIVE_FORMAT = 'family-archive-takeout';
export const ARCHIVE_FORMAT_VERSION = 1;

/** A person in the archive: who they are in the tree, and where family.ged holds them. */
export interface ArchivePerson extends PersonListItem {
  story: string | null;
  /** The person's `@I…@` record in family.ged, whose UID matches people across archives. */
  gedcomXref: string;
  /** Their picture in the ZIP (`people/…`), or null. */
  picturePath: string | null;
}

export interface ArchiveAlbum {
  id: number;
  name: string;
  description: string | null;
  isShared: boolean;
  creator: PersonName;
  members: { person: PersonName; canEdit: boolean }[];
  /** ISO timestamp. */
  createdAt: string;
}

export interface ArchiveMedia {
  id: number;
  type: MediaType;
  title: string;
  description: string | null;
  /** `YYYY-MM-DD`. */
  mediaDate: string;
  /** A post's text and website. */
  content: string | null;
  websiteUrl: string | null;
  /** The original in the ZIP (`media/YYYY/…`), byte-identical; null for a post without an image. */
  path: string | null;
  /** Of the original; null without one. */
  sha256: string | null;
  originalName: string | null;
  contentType: string | null;
  sizeBytes: number | null;
  /** A small picture in the ZIP (`thumbs/…`) for index.html, or null. */
  thumbnailPath: string | null;
  /**
   * An iPhone Live Photo's MOV, the item's second original, beside the still in the ZIP (`media/YYYY/…` with the
   * still's name and the MOV's extension), byte-identical; null (or absent, in exports made before it) for an item
   * without one. A Motion Photo's clip is inside its still and has none.
   */
  motion?: ArchiveMotion | null;
  albumId: number | null;
  uploader: PersonName;
  tags: PersonName[];
  /** ISO timestamp. */
  createdAt: string;
}

/** A Live Photo's MOV in the ZIP: where it is and what it is, as the still's own fields say of the still. */
export interface ArchiveMotion {
  path: string;
  sha256: string;
  originalName: string | null;
  contentType: string | null;
  sizeBytes: number | null;
}

export interface ArchiveMemory {
  id: number;
  title: string;
  content: string;
  writer: PersonName;
  /** Whose profile it is on. */
  personId: number;
  /** ISO timestamp. */
  createdAt: string;
}

/** `archive.json`: every field of what the export holds, with ids of the archive it came from. */
export interface ArchiveManifest {
  format: typeof ARCHIVE_FORMAT;
  version: typeof ARCHIVE_FORMAT_VERSION;
  /** The exporting archive's own id (its GEDCOM UID namespace): an import of the same archive twice adds nothing. */
  archiveId: string;
  scope: ExportScope;
  exportedBy: PersonName;
  /** ISO timestamp. */
  exportedAt: string;
  people: ArchivePerson[];
  partnerships: Partnership[];
  childTies: ChildTie[];
  albums: ArchiveAlbum[];
  media: ArchiveMedia[];
  memories: ArchiveMemory[];
}

/** GET /api/trash: what I deleted or uploaded that is in the trash, newest deletion first. */
export interface TrashItem {
  /** The item as it was, with its album and tags. */
  item: MediaItem;
  /** ISO timestamps: when it went to the trash, and when it is deleted for good. */
  deletedAt: string;
  purgeAt: string;
}

export interface TrashPage {
  items: TrashItem[];
  nextCursor: string | null;
}

/** Items stay in the trash this many days unless the operator sets TRASH_DAYS. */
export const DEFAULT_TRASH_DAYS = 30;
