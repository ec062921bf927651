import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { MediaItemEntity } from '../entities/media-item.entity';

/** What the media worker found and made for an item. */
export interface PreparedFacts {
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
  playbackType: string | null;
  /** The recording date, used only when nobody chose the item's date. */
  recordedOn: string | null;
  /** The type of the playable motion made of a Motion or Live Photo; null or left out when none. */
  motionType?: string | null;
  /** Where a photo was taken (its GPS) and the place found there; the place is kept when a person wrote one. */
  position?: { latitude: number; longitude: number; place: string | null } | null;
}

/** The files an item was prepared from: a Live Photo paired meanwhile changes them, and is prepared again. */
export type PreparedFrom = Pick<MediaItemEntity, 'objectKey' | 'motionObjectKey'>;

/** An item's processing state: what the worker reads and writes, and the upload's thumbnail. */
@Injectable()
export class ProcessingRepository {
  constructor(@InjectRepository(MediaItemEntity) private readonly items: Repository<MediaItemEntity>) {}

  /**
   * Marks an item ready with what the worker found. False when the item is gone (deleted meanwhile), or, given
   * `from`, when its files are no longer those it was prepared from (a Live Photo's other half came meanwhile).
   */
  async markReady(id: number, facts: PreparedFacts, from?: PreparedFrom): Promise<boolean> {
    const sameFiles = from
      ? 'AND object_key IS NOT DISTINCT FROM $8 AND motion_object_key IS NOT DISTINCT FROM $9'
      : 'AND $8::text IS NULL AND $9::text IS NULL';
    const rows: unknown[] = await this.items.query(
      `UPDATE media_items SET processing = 'ready', processing_error = NULL, width = $2, height = $3,
              duration_seconds = $4, playback_type = $5, prepared_at = now(), motion_type = $7,
              media_date = CASE WHEN date_given OR $6::date IS NULL THEN media_date ELSE $6::date END,
              latitude = $10, longitude = $11, place = CASE WHEN place_given THEN place ELSE $12 END
        WHERE id = $1 ${sameFiles} RETURNING id`,
      [
        id,
        facts.width,
        facts.height,
        facts.durationSeconds,
        facts.playbackType,
        facts.recordedOn,
        facts.motionType ?? null,
        from?.objectKey ?? null,
        from?.motionObjectKey ?? null,
        facts.position?.latitude ?? null,
        facts.position?.longitude ?? null,
        facts.position?.place ?? null,
      ],
    );
    return rows.length > 0;
  }

  /** The upload stored the item's thumbnail. False when the item is gone (deleted meanwhile). */
  async markThumbnailReady(id: number): Promise<boolean> {
    const rows: unknown[] = await this.items.query(
      `UPDATE media_items SET thumbnail_ready = true WHERE id = $1 RETURNING id`,
      [id],
    );
    return rows.length > 0;
  }

  async markFailed(id: number, reason: string): Promise<void> {
    await this.items.query(`UPDATE media_items SET processing = 'failed', processing_error = $2 WHERE id = $1`, [
      id,
      reason,
    ]);
  }

  /** Back to pending for another try; false when it is pending already. */
  async markPending(id: number): Promise<boolean> {
    const rows: unknown[] = await this.items.query(
      `UPDATE media_items SET processing = 'pending', processing_error = NULL
        WHERE id = $1 AND processing <> 'pending' RETURNING id`,
      [id],
    );
    return rows.length > 0;
  }

  /** A batch of pending items after `afterId`, in id order (the partial index media_items_pending). */
  async pendingAfter(afterId: number, limit: number): Promise<Array<Pick<MediaItemEntity, 'id' | 'type'>>> {
    return this.items.query(
      `SELECT id, type FROM media_items WHERE processing = 'pending' AND id > $1 ORDER BY id LIMIT $2`,
      [afterId, limit],
    );
  }
}
