import type { MediaType } from './media';
import type { PersonName } from './person';

/** GET /api/user/role: whether the signed-in person is an admin (the header then links the operator's page). */
export interface UserRole {
  admin: boolean;
}

/** A member as the operator's page lists them (GET /api/admin/members). */
export interface AdminMember {
  id: number;
  username: string;
  admin: boolean;
}

export interface AdminMemberList {
  members: AdminMember[];
  /** The `after` of the next page, or null at the end. */
  nextCursor: string | null;
}

/** POST /api/admin/admins: name a member admin. */
export interface NameAdminRequest {
  userId: number;
}

/** GET /api/admin/sign-up: whether sign-up is open; it is set in the configuration, read once at start. */
export interface SignUpSetting {
  signup: 'open' | 'closed';
  /** How an operator changes it (a sentence). */
  howToChange: string;
}

/** One service's migrations as its database has them. */
export interface ServiceMigrations {
  service: string;
  known: number;
  applied: number;
  last: string | null;
  pending: string[];
}

/** GET /api/admin/versions: the archive's version and every service's migrations. */
export interface VersionsReport {
  appVersion: string;
  services: ServiceMigrations[];
}

/** One kind of job in a queue: how many wait, run and have failed (failed ones are kept 7 days). */
export interface QueueKindCount {
  kind: string;
  waiting: number;
  running: number;
  failed: number;
}

export interface FailedJob {
  id: string;
  kind: string;
  /** The job's key (an item's or an import's id), when it has one. */
  key: string | null;
  failedAt: string;
  /** Why it failed, as the job recorded it. */
  message: string;
}

/** GET /api/admin/queues/media and /api/admin/queues/family. */
export interface QueueReport {
  queue: 'media' | 'family';
  kinds: QueueKindCount[];
  /** The newest failed jobs (at most 50). */
  failed: FailedJob[];
}

/** One member's originals of one kind. */
export interface StorageUse {
  person: PersonName;
  type: MediaType;
  items: number;
  bytes: number;
}

/** GET /api/admin/storage: originals (with a Live Photo's motion) per member and kind, the trash included. */
export interface StorageReport {
  uses: StorageUse[];
  totalItems: number;
  totalBytes: number;
}

/** What the integrity check found wrong with one file (docs/architecture.md "Integrity"). */
export type IntegrityProblem = 'missing' | 'size' | 'sha256' | 'orphan' | 'remade';

export interface IntegrityFinding {
  id: number;
  problem: IntegrityProblem;
  /** The item the file belongs to; null for a stored file no item names. */
  item: { id: number; title: string; uploader: PersonName } | null;
  objectKey: string;
  /** What was found, as a sentence. */
  detail: string;
}

/** GET /api/admin/integrity: the newest check, or null before the first. */
export interface IntegrityReport {
  id: number;
  deep: boolean;
  status: 'waiting' | 'running' | 'done' | 'failed';
  createdAt: string;
  finishedAt: string | null;
  itemsChecked: number;
  filesChecked: number;
  /** Why the check itself failed. */
  error: string | null;
  /** How many findings of each problem. */
  counts: Record<IntegrityProblem, number>;
  /** The first page of findings (200), in the order they were found; the rest by `nextCursor`. */
  findings: IntegrityFinding[];
  nextCursor: string | null;
}

/** GET /api/admin/integrity/{id}/findings?after=: a report's findings a page (200) at a time. */
export interface IntegrityFindingPage {
  findings: IntegrityFinding[];
  nextCursor: string | null;
}

/** POST /api/admin/integrity: run a check now; `deep` reads every byte for its sha256. */
export interface StartIntegrityCheckRequest {
  deep?: boolean;
}

/** One scheduled backup as the operator's page shows it. */
export interface BackupRun {
  scheduledFor: string;
  status: 'running' | 'done' | 'failed';
  finishedAt: string | null;
  /** The backup's folder, once written. */
  folder: string | null;
  /** Whether scripts/verify-backup found it whole; null until verified. */
  verified: boolean | null;
  /** What the backup or its verification said last, as a sentence. */
  message: string | null;
}

/**
 * GET /api/admin/backups: the schedule (null when BACKUP_CRON is not set) and the newest runs; a folder that cannot
 * be written is a failed run with its sentence.
 */
export interface BackupsReport {
  schedule: { cron: string; folder: string; keep: number } | null;
  runs: BackupRun[];
}
