import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface BackupRow {
  id: number;
  scheduled_for: Date;
  status: 'running' | 'done' | 'failed';
  finished_at: Date | null;
  folder: string | null;
  verified: boolean | null;
  message: string | null;
}

/** Scheduled backups' rows (docs/architecture.md "Scheduled backups"). */
@Injectable()
export class BackupRepository {
  constructor(private readonly db: DataSource) {}

  /** Takes the run of this scheduled time; null when another worker took it. */
  async take(scheduledFor: Date): Promise<number | null> {
    const rows: Array<{ id: number }> = await this.db.query(
      `INSERT INTO backups (scheduled_for) VALUES ($1) ON CONFLICT (scheduled_for) DO NOTHING RETURNING id`,
      [scheduledFor],
    );
    return rows[0]?.id ?? null;
  }

  async written(id: number, folder: string): Promise<void> {
    await this.db.query(`UPDATE backups SET folder = $2 WHERE id = $1`, [id, folder]);
  }

  async finish(id: number, status: 'done' | 'failed', verified: boolean | null, message: string): Promise<void> {
    await this.db.query(
      `UPDATE backups SET status = $2, verified = $3, message = $4, finished_at = now() WHERE id = $1`,
      [id, status, verified, message],
    );
  }

  /** A run that a stopped worker left running is failed, so the page does not wait on it. */
  async failLeftRunning(): Promise<void> {
    await this.db.query(
      `UPDATE backups SET status = 'failed', finished_at = now(), message = 'The worker stopped during this backup.'
        WHERE status = 'running' AND started_at < now() - interval '12 hours'`,
    );
  }

  newest(limit: number): Promise<BackupRow[]> {
    return this.db.query(`SELECT * FROM backups ORDER BY scheduled_for DESC LIMIT $1`, [limit]);
  }
}
