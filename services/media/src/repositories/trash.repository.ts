import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { MediaItemEntity } from '../entities/media-item.entity';
import { COLUMNS, Params, type StoredObjectRef, toItem } from './media-sql';

export interface TrashPosition {
  deletedAt: Date;
  id: number;
}

/** The trash (docs/product.md "Trash"): moving items in and out, a person's trash, what is to be purged. */
@Injectable()
export class TrashRepository {
  constructor(@InjectRepository(MediaItemEntity) private readonly items: Repository<MediaItemEntity>) {}

  /**
   * Puts an item into the trash, keeping its album and tags. False when it is there already (a race lost).
   * Milliseconds only, so the time read back into JavaScript is exactly the one the trash cursor compares.
   */
  async moveToTrash(id: number, deletedBy: number): Promise<boolean> {
    const rows: unknown[] = await this.items.query(
      `UPDATE media_items SET deleted_at = date_trunc('milliseconds', now()), deleted_by = $2
        WHERE id = $1 AND deleted_at IS NULL RETURNING id`,
      [id, deletedBy],
    );
    return rows.length > 0;
  }

  /** Takes an item out of the trash, as it was. False when it is not in the trash. */
  async restore(id: number): Promise<boolean> {
    const rows: unknown[] = await this.items.query(
      `UPDATE media_items SET deleted_at = NULL, deleted_by = NULL WHERE id = $1 AND deleted_at IS NOT NULL RETURNING id`,
      [id],
    );
    return rows.length > 0;
  }

  /** The item when it is in the trash of this person (they uploaded or deleted it), else null. */
  async findInTrashOf(id: number, userId: number): Promise<MediaItemEntity | null> {
    const rows: Record<string, unknown>[] = await this.items.query(
      `SELECT ${COLUMNS} FROM media_items m
        WHERE m.id = $1 AND m.deleted_at IS NOT NULL AND (m.user_id = $2 OR m.deleted_by = $2)`,
      [id, userId],
    );
    return rows.length > 0 ? toItem(rows[0]) : null;
  }

  /**
   * One page of a person's trash, newest deletion first: a keyset on (deleted_at, id) over the two partial trash
   * indexes (what they uploaded, what they deleted).
   */
  async trashOf(userId: number, after: TrashPosition | null, limit: number): Promise<MediaItemEntity[]> {
    const params = new Params();
    const me = params.add(userId);
    const where = ['m.deleted_at IS NOT NULL', `(m.user_id = ${me} OR m.deleted_by = ${me})`];
    if (after) {
      where.push(`(m.deleted_at, m.id) < (${params.add(after.deletedAt)}::timestamptz, ${params.add(after.id)}::int)`);
    }
    const rows: Record<string, unknown>[] = await this.items.query(
      `SELECT ${COLUMNS} FROM media_items m WHERE ${where.join(' AND ')}
       ORDER BY m.deleted_at DESC, m.id DESC LIMIT ${params.add(limit)}`,
      params.values,
    );
    return rows.map(toItem);
  }

  /** A batch of a person's trash, for emptying it: the rows go as they are purged, so each batch is the next. */
  async trashBatchOf(userId: number, limit: number): Promise<StoredObjectRef[]> {
    return this.items.query(
      `SELECT id, object_key AS "objectKey", motion_object_key AS "motionObjectKey" FROM media_items
        WHERE deleted_at IS NOT NULL AND (user_id = $1 OR deleted_by = $1) ORDER BY deleted_at, id LIMIT $2`,
      [userId, limit],
    );
  }

  /** A batch of items in the trash for longer than `days` days, oldest deletion first (media_items_trash_expiry). */
  async expiredTrash(days: number, limit: number): Promise<StoredObjectRef[]> {
    return this.items.query(
      `SELECT id, object_key AS "objectKey", motion_object_key AS "motionObjectKey" FROM media_items
        WHERE deleted_at IS NOT NULL AND deleted_at < now() - make_interval(days => $1) ORDER BY deleted_at, id LIMIT $2`,
      [days, limit],
    );
  }
}
