import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { GedcomImportStatus } from '@family/contract';
import type { Packaging } from './upload';

interface ImportRow {
  id: number;
  created_by: number;
  file_name: string;
  file_key: string | null;
  packaging: Packaging;
  status: GedcomImportStatus['status'];
  progress: number;
  stage: string | null;
  report: GedcomImportStatus['report'];
  error: string | null;
  created_at: Date;
  finished_at: Date | null;
}

export interface ImportRecord {
  id: number;
  createdBy: number;
  fileName: string;
  fileKey: string | null;
  packaging: Packaging;
  status: GedcomImportStatus['status'];
}

const toStatus = (row: ImportRow): GedcomImportStatus => ({
  id: row.id,
  fileName: row.file_name,
  status: row.status,
  progress: row.progress,
  stage: row.stage,
  report: row.report,
  error: row.error,
  createdAt: row.created_at.toISOString(),
  finishedAt: row.finished_at?.toISOString() ?? null,
});

/** The imports table, the record → person map and the UIDs (migrations 1763900000000 and 1764700000000). */
@Injectable()
export class GedcomImportRepository {
  private archiveNamespace: Promise<string> | undefined;

  constructor(private readonly db: DataSource) {}

  async create(
    createdBy: number,
    fileName: string,
    fileKey: string,
    packaging: Packaging,
  ): Promise<GedcomImportStatus> {
    const [row]: ImportRow[] = await this.db.query(
      `INSERT INTO gedcom_imports (created_by, file_name, file_key, packaging, stage)
       VALUES ($1, $2, $3, $4, 'Waiting to start') RETURNING *`,
      [createdBy, fileName, fileKey, packaging],
    );
    return toStatus(row!);
  }

  async delete(id: number): Promise<void> {
    await this.db.query(`DELETE FROM gedcom_imports WHERE id = $1`, [id]);
  }

  async status(id: number): Promise<GedcomImportStatus | null> {
    const [row]: ImportRow[] = await this.db.query(`SELECT * FROM gedcom_imports WHERE id = $1`, [id]);
    return row ? toStatus(row) : null;
  }

  /** A person's imports, newest first. */
  async recent(createdBy: number, limit: number): Promise<GedcomImportStatus[]> {
    const rows: ImportRow[] = await this.db.query(
      `SELECT * FROM gedcom_imports WHERE created_by = $1 ORDER BY id DESC LIMIT $2`,
      [createdBy, limit],
    );
    return rows.map(toStatus);
  }

  async record(id: number): Promise<ImportRecord | null> {
    const [row]: ImportRow[] = await this.db.query(`SELECT * FROM gedcom_imports WHERE id = $1`, [id]);
    if (!row) return null;
    return {
      id: row.id,
      createdBy: row.created_by,
      fileName: row.file_name,
      fileKey: row.file_key,
      packaging: row.packaging,
      status: row.status,
    };
  }

  async progress(id: number, progress: number, stage: string): Promise<void> {
    await this.db.query(
      `UPDATE gedcom_imports SET status = 'running', progress = $2, stage = $3 WHERE id = $1 AND status <> 'done'`,
      [id, Math.round(progress), stage],
    );
  }

  async finish(id: number, report: GedcomImportStatus['report']): Promise<void> {
    await this.db.query(
      `UPDATE gedcom_imports SET status = 'done', progress = 100, stage = 'Done', report = $2, error = NULL,
              file_key = NULL, finished_at = now() WHERE id = $1`,
      [id, JSON.stringify(report)],
    );
  }

  async fail(id: number, error: string): Promise<void> {
    await this.db.query(
      `UPDATE gedcom_imports SET status = 'failed', stage = 'Failed', error = $2, file_key = NULL, finished_at = now()
       WHERE id = $1`,
      [id, error],
    );
  }

  /** Which archive person each record of this source became, for those still mapped. */
  async mapped(source: string): Promise<Map<string, number>> {
    const rows: { record: string; person_id: number }[] = await this.db.query(
      `SELECT record, person_id FROM gedcom_people WHERE source = $1`,
      [source],
    );
    return new Map(rows.map((row) => [row.record, row.person_id]));
  }

  /** Remembers (or updates) record → person for a source, in the transaction that writes the ties. */
  async remember(tx: EntityManager, source: string, pairs: [string, number][]): Promise<void> {
    for (let start = 0; start < pairs.length; start += 5000) {
      const chunk = pairs.slice(start, start + 5000);
      await tx.query(
        `INSERT INTO gedcom_people (source, record, person_id)
         SELECT $1, record, person_id FROM unnest($2::text[], $3::int[]) AS p(record, person_id)
         ON CONFLICT (source, record) DO UPDATE SET person_id = EXCLUDED.person_id`,
        [source, chunk.map((pair) => pair[0]), chunk.map((pair) => pair[1])],
      );
    }
  }

  /** A person deleted from the archive no longer answers for any record or UID. */
  async forget(personIds: number[]): Promise<void> {
    if (personIds.length === 0) return;
    await this.db.query(`DELETE FROM gedcom_people WHERE person_id = ANY($1::int[])`, [personIds]);
    await this.db.query(`DELETE FROM gedcom_uids WHERE person_id = ANY($1::int[])`, [personIds]);
  }

  /** This archive's namespace for the UIDs it writes (uids.ts); made by the migration, never changed. */
  async namespace(): Promise<string> {
    this.archiveNamespace ??= this.db
      .query(`SELECT namespace FROM gedcom_archive`)
      .then((rows: { namespace: string }[]) => rows[0]!.namespace);
    return this.archiveNamespace;
  }

  /** The person each of these UIDs (of other programs) was given to by an earlier import. */
  async peopleOfUids(uids: string[]): Promise<Map<string, number>> {
    const found = new Map<string, number>();
    for (let start = 0; start < uids.length; start += 5000) {
      const rows: { uid: string; person_id: number }[] = await this.db.query(
        `SELECT uid, person_id FROM gedcom_uids WHERE uid = ANY($1::text[])`,
        [uids.slice(start, start + 5000)],
      );
      for (const row of rows) found.set(row.uid, row.person_id);
    }
    return found;
  }

  /** The UIDs other programs gave these people, for an export. */
  async uidsOf(personIds: number[]): Promise<Map<number, string[]>> {
    const rows: { uid: string; person_id: number }[] = await this.db.query(
      `SELECT uid, person_id FROM gedcom_uids WHERE person_id = ANY($1::int[]) ORDER BY uid`,
      [personIds],
    );
    const uids = new Map<number, string[]>();
    for (const row of rows) uids.set(row.person_id, [...(uids.get(row.person_id) ?? []), row.uid]);
    return uids;
  }

  /** Remembers (or moves) UID → person, in the transaction that writes the ties. */
  async rememberUids(tx: EntityManager, pairs: [string, number][]): Promise<void> {
    for (let start = 0; start < pairs.length; start += 5000) {
      const chunk = pairs.slice(start, start + 5000);
      await tx.query(
        `INSERT INTO gedcom_uids (uid, person_id)
         SELECT uid, person_id FROM unnest($1::text[], $2::int[]) AS p(uid, person_id)
         ON CONFLICT (uid) DO UPDATE SET person_id = EXCLUDED.person_id`,
        [chunk.map((pair) => pair[0]), chunk.map((pair) => pair[1])],
      );
    }
  }
}
