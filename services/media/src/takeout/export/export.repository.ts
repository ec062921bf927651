import { Injectable } from '@nestjs/common';
import { DataSource, QueryFailedError } from 'typeorm';
import type { ExportScope, TakeoutStatus } from '@family/contract';

const UNIQUE_VIOLATION = '23505';

/** One row of media.exports. */
export interface ExportRow {
  id: number;
  userId: number;
  scope: ExportScope;
  status: TakeoutStatus;
  done: number;
  total: number;
  objectKey: string | null;
  sizeBytes: number | null;
  error: string | null;
  createdAt: Date;
  expiresAt: Date | null;
}

const COLUMNS = `id, user_id AS "userId", scope, status, done, total, object_key AS "objectKey",
  size_bytes AS "sizeBytes", error, created_at AS "createdAt", expires_at AS "expiresAt"`;

function toRow(row: Record<string, unknown>): ExportRow {
  return { ...(row as unknown as ExportRow), sizeBytes: row.sizeBytes === null ? null : Number(row.sizeBytes) };
}

/** Thrown when the member has an export running already (the partial unique index exports_one_running). */
export class ExportRunningError extends Error {}

/** The exports table (docs/architecture.md "Takeout export"). */
@Injectable()
export class ExportRepository {
  constructor(private readonly db: DataSource) {}

  async create(userId: number, scope: ExportScope): Promise<ExportRow> {
    try {
      const rows: Record<string, unknown>[] = await this.db.query(
        `INSERT INTO exports (user_id, scope) VALUES ($1, $2) RETURNING ${COLUMNS}`,
        [userId, scope],
      );
      return toRow(rows[0]!);
    } catch (error) {
      if (error instanceof QueryFailedError && (error.driverError as { code?: string }).code === UNIQUE_VIOLATION) {
        throw new ExportRunningError();
      }
      throw error;
    }
  }

  async find(id: number): Promise<ExportRow | null> {
    const rows: Record<string, unknown>[] = await this.db.query(`SELECT ${COLUMNS} FROM exports WHERE id = $1`, [id]);
    return rows.length > 0 ? toRow(rows[0]!) : null;
  }

  /** The member's exports, newest first; they expire after days, so there are only ever a few. */
  async listOf(userId: number, limit: number): Promise<ExportRow[]> {
    const rows: Record<string, unknown>[] = await this.db.query(
      `SELECT ${COLUMNS} FROM exports WHERE user_id = $1 ORDER BY id DESC LIMIT $2`,
      [userId, limit],
    );
    return rows.map(toRow);
  }

  /** Whether the row is still there (deleted while it was being written: the worker throws its ZIP away). */
  async progress(id: number, done: number, total: number): Promise<boolean> {
    const rows: unknown[] = await this.db.query(
      `UPDATE exports SET done = $2, total = $3 WHERE id = $1 AND status = 'running' RETURNING id`,
      [id, done, total],
    );
    return rows.length > 0;
  }

  async markReady(id: number, objectKey: string, sizeBytes: number, keepDays: number): Promise<boolean> {
    const rows: unknown[] = await this.db.query(
      `UPDATE exports SET status = 'ready', done = total, object_key = $2, size_bytes = $3,
              expires_at = now() + make_interval(days => $4)
        WHERE id = $1 AND status = 'running' RETURNING id`,
      [id, objectKey, sizeBytes, keepDays],
    );
    return rows.length > 0;
  }

  async markFailed(id: number, error: string, keepDays: number): Promise<void> {
    await this.db.query(
      `UPDATE exports SET status = 'failed', error = $2, expires_at = now() + make_interval(days => $3)
        WHERE id = $1 AND status = 'running'`,
      [id, error, keepDays],
    );
  }

  async delete(id: number): Promise<void> {
    await this.db.query(`DELETE FROM exports WHERE id = $1`, [id]);
  }

  /** Exports past their expiry, oldest first. */
  async expired(limit: number): Promise<Array<Pick<ExportRow, 'id' | 'objectKey'>>> {
    return this.db.query(
      `SELECT id, object_key AS "objectKey" FROM exports WHERE expires_at < now() ORDER BY expires_at LIMIT $1`,
      [limit],
    );
  }

  /** The ZIPs of a person's exports, for an account deletion. */
  async fileKeysOf(userId: number): Promise<string[]> {
    const rows: { object_key: string }[] = await this.db.query(
      `SELECT object_key FROM exports WHERE user_id = $1 AND object_key IS NOT NULL`,
      [userId],
    );
    return rows.map((row) => row.object_key);
  }

  async deleteOfUser(userId: number): Promise<void> {
    await this.db.query(`DELETE FROM exports WHERE user_id = $1`, [userId]);
  }
}
