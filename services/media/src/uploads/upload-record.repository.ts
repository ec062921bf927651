import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { UploadResult } from '@family/contract';

/** One resumable upload as the archive keeps it beside its bytes (the table `uploads`). */
export interface UploadRecord {
  id: string;
  userId: number;
  size: number;
  /** The item's fields as POST /api/media's form would send them, checked when the upload was made. */
  fields: Record<string, string>;
  taggedUserIds: number[];
  createdAt: Date;
  finishedAt: Date | null;
  /** How it ended: an item, a duplicate of one, or a refusal with its status and sentence. Null while unfinished. */
  outcome: UploadResult | { refusal: { status: number; message: string } } | null;
}

interface Row {
  id: string;
  user_id: number;
  size: string;
  fields: Record<string, string>;
  tagged_user_ids: number[];
  created_at: Date;
  finished_at: Date | null;
  media_id: number | null;
  existing_media_id: number | null;
  refusal_status: number | null;
  refusal_message: string | null;
}

function recordOf(row: Row): UploadRecord {
  let outcome: UploadRecord['outcome'] = null;
  if (row.media_id !== null) outcome = { mediaId: row.media_id };
  else if (row.existing_media_id !== null) outcome = { existingMediaId: row.existing_media_id };
  else if (row.refusal_status !== null) {
    outcome = { refusal: { status: row.refusal_status, message: row.refusal_message ?? '' } };
  }
  return {
    id: row.id,
    userId: row.user_id,
    size: Number(row.size),
    fields: row.fields,
    taggedUserIds: row.tagged_user_ids,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
    outcome,
  };
}

/** The rows of resumable uploads: made at creation, finished with their outcome, removed when they expire. */
@Injectable()
export class UploadRecordRepository {
  constructor(private readonly db: DataSource) {}

  async insert(record: Pick<UploadRecord, 'id' | 'userId' | 'size' | 'fields' | 'taggedUserIds'>): Promise<void> {
    await this.db.query(
      `INSERT INTO uploads (id, user_id, size, fields, tagged_user_ids) VALUES ($1, $2, $3, $4, $5)`,
      [record.id, record.userId, record.size, JSON.stringify(record.fields), record.taggedUserIds],
    );
  }

  async find(id: string): Promise<UploadRecord | null> {
    const rows: Row[] = await this.db.query(`SELECT * FROM uploads WHERE id = $1`, [id]);
    return rows.length > 0 ? recordOf(rows[0]) : null;
  }

  /** Records how the upload ended; false when another request recorded it first (the first outcome stays). */
  async finish(id: string, outcome: NonNullable<UploadRecord['outcome']>): Promise<boolean> {
    const refusal = 'refusal' in outcome ? outcome.refusal : null;
    const rows: Array<{ finished: number }> = await this.db.query(
      `WITH done AS (
         UPDATE uploads SET finished_at = now(), media_id = $2, existing_media_id = $3, refusal_status = $4,
                refusal_message = $5
          WHERE id = $1 AND finished_at IS NULL RETURNING id)
       SELECT count(*)::int AS finished FROM done`,
      [
        id,
        'mediaId' in outcome ? outcome.mediaId : null,
        'existingMediaId' in outcome ? outcome.existingMediaId : null,
        refusal?.status ?? null,
        refusal?.message ?? null,
      ],
    );
    return rows[0].finished === 1;
  }

  async delete(id: string): Promise<void> {
    await this.db.query(`DELETE FROM uploads WHERE id = $1`, [id]);
  }

  /** Unfinished uploads made before `before` (their bytes are still in the upload store), oldest first. */
  async unfinishedBefore(before: Date, limit: number): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.db.query(
      `SELECT id FROM uploads WHERE finished_at IS NULL AND created_at < $1 ORDER BY created_at LIMIT $2`,
      [before, limit],
    );
    return rows.map((row) => row.id);
  }

  /** Forgets finished uploads (their outcome) that ended before `before`; the number forgotten. */
  async forgetFinishedBefore(before: Date): Promise<number> {
    const rows: Array<{ forgotten: number }> = await this.db.query(
      `WITH gone AS (DELETE FROM uploads WHERE finished_at IS NOT NULL AND finished_at < $1 RETURNING id)
       SELECT count(*)::int AS forgotten FROM gone`,
      [before],
    );
    return rows[0].forgotten;
  }
}
