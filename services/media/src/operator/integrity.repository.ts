import { Injectable } from '@nestjs/common';
import { DataSource, QueryFailedError } from 'typeorm';
import type { IntegrityProblem } from '@family/contract';

const UNIQUE_VIOLATION = '23505';

/** One item's files as the integrity check reads them, a page at a time. */
export interface ItemFiles {
  id: number;
  userId: number;
  title: string;
  type: string;
  objectKey: string;
  fileSize: number | null;
  sha256: string | null;
  motionObjectKey: string | null;
  motionFileSize: number | null;
  motionSha256: string | null;
  processing: string;
  playbackType: string | null;
  motionType: string | null;
}

export interface NewFinding {
  problem: IntegrityProblem;
  mediaId: number | null;
  title: string | null;
  userId: number | null;
  objectKey: string;
  detail: string;
}

export interface ReportRow {
  id: number;
  deep: boolean;
  status: 'waiting' | 'running' | 'done' | 'failed';
  created_at: Date;
  finished_at: Date | null;
  items_checked: number;
  files_checked: number;
  error: string | null;
}

export interface FindingRow {
  id: string;
  problem: IntegrityProblem;
  media_id: number | null;
  title: string | null;
  user_id: number | null;
  object_key: string;
  detail: string;
}

/** The integrity reports and the reads of the check (docs/architecture.md "Integrity"). */
@Injectable()
export class IntegrityRepository {
  constructor(private readonly db: DataSource) {}

  /** A new waiting report; null when one waits or runs already (a unique index closes the race). */
  async create(deep: boolean, requestedBy: number | null): Promise<number | null> {
    try {
      const rows: Array<{ id: number }> = await this.db.query(
        `INSERT INTO integrity_reports (deep, requested_by) VALUES ($1, $2) RETURNING id`,
        [deep, requestedBy],
      );
      return rows[0]!.id;
    } catch (error) {
      if (error instanceof QueryFailedError && (error.driverError as { code?: string }).code === UNIQUE_VIOLATION) {
        return null;
      }
      throw error;
    }
  }

  /** When the newest report was asked for (the weekly check counts from it). */
  async newestCreatedAt(): Promise<Date | null> {
    const rows: Array<{ at: Date | null }> = await this.db.query(`SELECT max(created_at) AS at FROM integrity_reports`);
    return rows[0]?.at ?? null;
  }

  async start(id: number): Promise<ReportRow | null> {
    // TypeORM answers an UPDATE ... RETURNING as [rows, count].
    const [rows] = (await this.db.query(
      `UPDATE integrity_reports SET status = 'running', started_at = now(), items_checked = 0, files_checked = 0
        WHERE id = $1 AND status IN ('waiting', 'running') RETURNING *`,
      [id],
    )) as [ReportRow[], number];
    if (rows.length > 0) {
      // A try cut off by a killed worker starts over: its findings go with it.
      await this.db.query(`DELETE FROM integrity_findings WHERE report_id = $1`, [id]);
    }
    return rows[0] ?? null;
  }

  async progress(id: number, items: number, files: number): Promise<void> {
    await this.db.query(`UPDATE integrity_reports SET items_checked = $2, files_checked = $3 WHERE id = $1`, [
      id,
      items,
      files,
    ]);
  }

  async finish(id: number, status: 'done' | 'failed', error: string | null = null): Promise<void> {
    await this.db.query(`UPDATE integrity_reports SET status = $2, error = $3, finished_at = now() WHERE id = $1`, [
      id,
      status,
      error,
    ]);
  }

  /** Items with an original, by id after `after`: the check's keyset pages. */
  async itemsAfter(after: number, limit: number): Promise<ItemFiles[]> {
    return this.db.query(
      `SELECT id, user_id AS "userId", title, type, object_key AS "objectKey", file_size::float8 AS "fileSize", sha256,
              motion_object_key AS "motionObjectKey", motion_file_size::float8 AS "motionFileSize",
              motion_sha256 AS "motionSha256", processing, playback_type AS "playbackType", motion_type AS "motionType"
         FROM media_items WHERE id > $1 AND object_key IS NOT NULL ORDER BY id LIMIT $2`,
      [after, limit],
    );
  }

  /** Of these stored original keys, those no item names (as its original or its motion). */
  async unnamedKeys(keys: string[]): Promise<string[]> {
    const rows: Array<{ key: string }> = await this.db.query(
      `SELECT k AS key FROM unnest($1::text[]) AS k
        WHERE NOT EXISTS (SELECT 1 FROM media_items WHERE object_key = k)
          AND NOT EXISTS (SELECT 1 FROM media_items WHERE motion_object_key = k)`,
      [keys],
    );
    return rows.map((row) => row.key);
  }

  /** Of these item ids (from derivative keys), those no item has. */
  async missingItems(ids: number[]): Promise<Set<number>> {
    const rows: Array<{ id: number }> = await this.db.query(
      `SELECT i AS id FROM unnest($1::int[]) AS i WHERE NOT EXISTS (SELECT 1 FROM media_items WHERE id = i)`,
      [ids],
    );
    return new Set(rows.map((row) => row.id));
  }

  /** A page's findings in one statement. */
  async addFindings(reportId: number, findings: NewFinding[]): Promise<void> {
    if (findings.length === 0) return;
    await this.db.query(
      `INSERT INTO integrity_findings (report_id, problem, media_id, title, user_id, object_key, detail)
       SELECT $1, * FROM unnest($2::text[], $3::int[], $4::text[], $5::int[], $6::text[], $7::text[])`,
      [
        reportId,
        findings.map((f) => f.problem),
        findings.map((f) => f.mediaId),
        findings.map((f) => f.title),
        findings.map((f) => f.userId),
        findings.map((f) => f.objectKey),
        findings.map((f) => f.detail),
      ],
    );
  }

  async newest(): Promise<ReportRow | null> {
    const rows: ReportRow[] = await this.db.query(`SELECT * FROM integrity_reports ORDER BY id DESC LIMIT 1`);
    return rows[0] ?? null;
  }

  async counts(reportId: number): Promise<Array<{ problem: IntegrityProblem; count: number }>> {
    return this.db.query(
      `SELECT problem, count(*)::int AS count FROM integrity_findings WHERE report_id = $1 GROUP BY problem`,
      [reportId],
    );
  }

  /** A report's findings after the finding `after`, in the order they were found (keyset on the index). */
  async findings(reportId: number, after: number, limit: number): Promise<FindingRow[]> {
    return this.db.query(
      `SELECT id::text, problem, media_id, title, user_id, object_key, detail FROM integrity_findings
        WHERE report_id = $1 AND id > $2 ORDER BY id LIMIT $3`,
      [reportId, after, limit],
    );
  }

  async exists(reportId: number): Promise<boolean> {
    const rows: unknown[] = await this.db.query(`SELECT 1 FROM integrity_reports WHERE id = $1`, [reportId]);
    return rows.length > 0;
  }
}
