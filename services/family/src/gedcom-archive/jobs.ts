import { TAKEOUT_FAMILY_EXPORT, TAKEOUT_FAMILY_IMPORT, TAKEOUT_FAMILY_QUEUE } from '@family/contract';
import type { JobKind } from '@family/shared/jobs';

/**
 * The family service's job queue lives in its own schema beside `family` (docs/architecture.md#background-jobs);
 * the media worker queues a takeout's family part there too (@family/contract's TAKEOUT_FAMILY_*).
 */
export const FAMILY_JOBS_SCHEMA = TAKEOUT_FAMILY_QUEUE;

/** One import of a GEDCOM file or GEDZIP; its key is the import's id, so asking twice queues it once. */
export const GEDCOM_IMPORT: JobKind = { name: 'gedcom-import', retryLimit: 2, retryDelaySeconds: 5 };

export const FAMILY_JOB_KINDS: JobKind[] = [GEDCOM_IMPORT, TAKEOUT_FAMILY_EXPORT, TAKEOUT_FAMILY_IMPORT];

export interface GedcomImportJob {
  importId: number;
  /**
   * Records (`I1`) already known to be these people here: a takeout import's members, found by username, so the
   * file's ties attach to them instead of to new relatives of the same name (docs/architecture.md "Takeout import").
   */
  known?: Record<string, number>;
}

/**
 * The temporary folders of an upload and of an import's copy of it: the service and its worker each remove, when
 * they start, those a killed process left (docs/architecture.md "ZIP uploads").
 */
export const GEDCOM_TEMP_PREFIX = 'family-gedcom-';

/** Injection tokens: the queue (a sender in the service, a worker in the worker) and the upload storage. */
export const FAMILY_JOBS = Symbol('FAMILY_JOBS');
export const GEDCOM_STORAGE = Symbol('GEDCOM_STORAGE');
