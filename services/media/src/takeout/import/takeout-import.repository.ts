import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ImportJob, TakeoutImportReport, TakeoutStatus } from '@family/contract';

/** What one import made, kept in its row as it goes, so a failure can take all of it back. */
export interface CreatedByImport {
  media: number[];
  albums: number[];
  memories: number[];
  /** Whether it wrote the member's (empty) story. */
  story: boolean;
}

export interface ImportRow {
  id: number;
  userId: number;
  fileName: string;
  fileKey: string | null;
  status: TakeoutStatus;
  created: CreatedByImport;
}

interface Row {
  id: number;
  user_id: number;
  file_name: string;
  file_key: string | null;
  status: TakeoutStatus;
  done: number;
  total: number;
  report: TakeoutImportReport | null;
  error: string | null;
  created: Partial<CreatedByImport>;
  created_at: Date;
  finished_at: Date | null;
}

const createdOf = (row: Row): CreatedByImport => ({
  media: row.created.media ?? [],
  albums: row.created.albums ?? [],
  memories: row.created.memories ?? [],
  story: row.created.story ?? false,
});

const jobOf = (row: Row): ImportJob => ({
  id: row.id,
  fileName: row.file_name,
  status: row.status,
  progress: { done: row.done, total: row.total },
  report: row.report,
  error: row.error,
  createdAt: row.created_at.toISOString(),
  finishedAt: row.finished_at?.toISOString() ?? null,
});

/** The `takeout_imports` table (docs/architecture.md "Takeout import"). */
@Injectable()
export class TakeoutImportRepository {
  constructor(private readonly db: DataSource) {}

  async create(userId: number, fileName: string, fileKey: string): Promise<ImportJob> {
    const rows: Row[] = await this.db.query(
      `INSERT INTO takeout_imports (user_id, file_name, file_key) VALUES ($1, $2, $3) RETURNING *`,
      [userId, fileName, fileKey],
    );
    return jobOf(rows[0]!);
  }

  async delete(id: number): Promise<void> {
    await this.db.query(`DELETE FROM takeout_imports WHERE id = $1`, [id]);
  }

  /** The import, for the member who started it; null for anyone else (who is answered 404). */
  async jobOf(userId: number, id: number): Promise<ImportJob | null> {
    const rows: Row[] = await this.db.query(`SELECT * FROM takeout_imports WHERE id = $1 AND user_id = $2`, [
      id,
      userId,
    ]);
    return rows[0] ? jobOf(rows[0]) : null;
  }

  async recent(userId: number, limit: number): Promise<ImportJob[]> {
    const rows: Row[] = await this.db.query(
      `SELECT * FROM takeout_imports WHERE user_id = $1 ORDER BY id DESC LIMIT $2`,
      [userId, limit],
    );
    return rows.map(jobOf);
  }

  async row(id: number): Promise<ImportRow | null> {
    const rows: Row[] = await this.db.query(`SELECT * FROM takeout_imports WHERE id = $1`, [id]);
    const row = rows[0];
    if (!row) return null;
    return {
      id: row.id,
      userId: row.user_id,
      fileName: row.file_name,
      fileKey: row.file_key,
      status: row.status,
      created: createdOf(row),
    };
  }

  async progress(id: number, done: number, total: number, created?: CreatedByImport): Promise<void> {
    await this.db.query(
      `UPDATE takeout_imports SET done = $2, total = $3, created = COALESCE($4::jsonb, created) WHERE id = $1`,
      [id, done, total, created ? JSON.stringify(created) : null],
    );
  }

  async finish(id: number, report: TakeoutImportReport): Promise<void> {
    await this.db.query(
      `UPDATE takeout_imports SET status = 'ready', done = total, report = $2, file_key = NULL, finished_at = now()
        WHERE id = $1`,
      [id, JSON.stringify(report)],
    );
  }

  /** Failed: nothing it made is left, so the record of what it made is emptied too. */
  async fail(id: number, error: string): Promise<void> {
    await this.db.query(
      `UPDATE takeout_imports SET status = 'failed', error = $2, file_key = NULL, created = '{}'::jsonb,
              finished_at = now()
        WHERE id = $1`,
      [id, error],
    );
  }

  /** Items this member already brought in from these sources (an earlier import of the same archive). */
  async importedSources(userId: number, sources: string[]): Promise<Set<string>> {
    if (sources.length === 0) return new Set();
    const rows: { import_source: string }[] = await this.db.query(
      `SELECT import_source FROM media_items WHERE user_id = $1 AND import_source = ANY($2::text[])`,
      [userId, sources],
    );
    return new Set(rows.map((row) => row.import_source));
  }

  /** The ids of this member's items with these checksums (files they already have, uploaded or imported). */
  /** Which of these files the member has already, as an item's original or a Live Photo's MOV. */
  async ownedSha256s(userId: number, sha256s: string[]): Promise<Set<string>> {
    if (sha256s.length === 0) return new Set();
    const rows: { sha256: string }[] = await this.db.query(
      `SELECT sha256 FROM media_items WHERE user_id = $1 AND sha256 = ANY($2::bpchar[])
       UNION SELECT motion_sha256 FROM media_items WHERE user_id = $1 AND motion_sha256 = ANY($2::bpchar[])`,
      [userId, sha256s],
    );
    return new Set(rows.map((row) => row.sha256));
  }

  async objectKeysOf(
    ids: number[],
  ): Promise<{ id: number; objectKey: string | null; motionObjectKey: string | null }[]> {
    return this.db.query(
      `SELECT id, object_key AS "objectKey", motion_object_key AS "motionObjectKey"
         FROM media_items WHERE id = ANY($1::int[])`,
      [ids],
    );
  }

  /** The ZIPs of a person's imports still waiting in storage (an account being deleted). */
  async fileKeysOf(userId: number): Promise<string[]> {
    const rows: { file_key: string }[] = await this.db.query(
      `SELECT file_key FROM takeout_imports WHERE user_id = $1 AND file_key IS NOT NULL`,
      [userId],
    );
    return rows.map((row) => row.file_key);
  }

  async deleteOfUser(userId: number): Promise<void> {
    await this.db.query(`DELETE FROM takeout_imports WHERE user_id = $1`, [userId]);
  }
}
