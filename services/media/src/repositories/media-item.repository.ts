import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { QueryFailedError, Repository } from 'typeorm';
import { MediaItemEntity } from '../entities/media-item.entity';
import { COLUMNS, LIVE, Params, type StoredObjectRef, toItem, type Viewer, visibleTo } from './media-sql';

const UNIQUE_VIOLATION = '23505';

/** A Motion or Live Photo's columns: left out of a new row, they are null. */
type MotionColumns =
  | 'motionType'
  | 'liveId'
  | 'motionObjectKey'
  | 'motionContentType'
  | 'motionFileName'
  | 'motionFileSize'
  | 'motionSha256';
/** An uncertain date's columns: left out, the date is the exact mediaDate. */
type DateSpanColumns = 'dateText' | 'dateEarliest' | 'dateLatest';
/** Where it was taken: left out, nobody knows yet (the worker reads a photo's GPS). */
type PlaceColumns = 'place' | 'latitude' | 'longitude' | 'placeGiven';
export type NewMediaItem = Omit<
  MediaItemEntity,
  'id' | 'createdAt' | 'deletedAt' | 'deletedBy' | MotionColumns | DateSpanColumns | PlaceColumns
> &
  Partial<Pick<MediaItemEntity, MotionColumns | DateSpanColumns | PlaceColumns>>;
export type MediaChanges = Partial<
  Pick<MediaItemEntity, 'title' | 'description' | 'mediaDate' | 'dateGiven' | DateSpanColumns | 'place' | 'placeGiven'>
>;

export const DUPLICATE_UPLOAD = 'You already uploaded this file';
export const DUPLICATE_IN_TRASH = 'You already uploaded this file, and it is in the trash: restore it from there.';

export class DuplicateUploadError extends Error {
  constructor(
    readonly existingId: number,
    readonly inTrash = false,
  ) {
    super(inTrash ? DUPLICATE_IN_TRASH : DUPLICATE_UPLOAD);
  }
}

/** One item or a few by id: reading, inserting, changing and deleting them, and the uploads of one person. */
@Injectable()
export class MediaItemRepository {
  constructor(@InjectRepository(MediaItemEntity) private readonly items: Repository<MediaItemEntity>) {}

  /** The item when the viewer may see it, else null (unknown and invisible look the same). */
  async findVisible(id: number, viewer: Viewer): Promise<MediaItemEntity | null> {
    const params = new Params();
    const idParam = params.add(id);
    const rows: Record<string, unknown>[] = await this.items.query(
      `SELECT ${COLUMNS} FROM media_items m WHERE m.id = ${idParam} AND ${LIVE} AND ${visibleTo(viewer, params)}`,
      params.values,
    );
    return rows.length > 0 ? toItem(rows[0]) : null;
  }

  /**
   * The items of `ids` the viewer may see and that are not in the trash, in one query (bulk actions, ZIP
   * downloads); the rest are left out.
   */
  async findVisibleMany(ids: number[], viewer: Viewer): Promise<MediaItemEntity[]> {
    if (ids.length === 0) return [];
    const params = new Params();
    const idsParam = params.add(ids);
    const rows: Record<string, unknown>[] = await this.items.query(
      `SELECT ${COLUMNS} FROM media_items m WHERE m.id = ANY(${idsParam}::int[]) AND ${LIVE} AND ${visibleTo(viewer, params)}
       ORDER BY m.media_date DESC, m.id DESC`,
      params.values,
    );
    return rows.map(toItem);
  }

  /** The album an item is in (null for none), or undefined when there is no such item (or it is in the trash). */
  async albumOf(id: number): Promise<number | null | undefined> {
    const rows: Array<{ albumId: number | null }> = await this.items.query(
      `SELECT album_id AS "albumId" FROM media_items WHERE id = $1 AND deleted_at IS NULL`,
      [id],
    );
    return rows.length > 0 ? rows[0].albumId : undefined;
  }

  /** The item whatever its state, in the trash too: for the worker and for rules that check the state themselves. */
  async findById(id: number): Promise<MediaItemEntity | null> {
    const rows: Record<string, unknown>[] = await this.items.query(
      `SELECT ${COLUMNS} FROM media_items m WHERE m.id = $1`,
      [id],
    );
    return rows.length > 0 ? toItem(rows[0]) : null;
  }

  /** The uploader's item with these bytes, in the trash or not (the unique index covers both). */
  async findBySha256(userId: number, sha256: string): Promise<{ id: number; inTrash: boolean } | null> {
    const rows: Array<{ id: number; inTrash: boolean }> = await this.items.query(
      `SELECT id, deleted_at IS NOT NULL AS "inTrash" FROM media_items
        WHERE user_id = $1 AND (sha256 = $2 OR motion_sha256 = $2) ORDER BY sha256 = $2 DESC LIMIT 1`,
      [userId, sha256],
    );
    return rows.length > 0 ? rows[0] : null;
  }

  /** Which of these checksums the uploader has uploaded (their trash included), with the item of each. */
  async findManyBySha256(
    userId: number,
    hashes: string[],
  ): Promise<Array<{ sha256: string; id: number; inTrash: boolean }>> {
    if (hashes.length === 0) return [];
    return this.items.query(
      `SELECT sha256, id, deleted_at IS NOT NULL AS "inTrash" FROM media_items
        WHERE user_id = $1 AND sha256 = ANY($2::bpchar[])`,
      [userId, hashes],
    );
  }

  /** Throws DuplicateUploadError when the uploader already has these bytes (two uploads racing included). */
  async insert(item: NewMediaItem): Promise<MediaItemEntity> {
    try {
      const saved = await this.items.save(this.items.create(item));
      return (await this.findById(saved.id))!;
    } catch (error) {
      if (
        error instanceof QueryFailedError &&
        (error.driverError as { code?: string }).code === UNIQUE_VIOLATION &&
        item.sha256
      ) {
        const existing = await this.findBySha256(item.userId, item.sha256);
        if (existing !== null) throw new DuplicateUploadError(existing.id, existing.inTrash);
      }
      throw error;
    }
  }

  async update(id: number, changes: MediaChanges): Promise<MediaItemEntity | null> {
    if (Object.keys(changes).length > 0) await this.items.update({ id }, changes);
    return this.findById(id);
  }

  /** The same changes to many items in one statement (a bulk date); answers the ids changed. */
  async updateMany(ids: number[], changes: MediaChanges): Promise<number[]> {
    if (ids.length === 0) return [];
    const result = await this.items
      .createQueryBuilder()
      .update()
      .set(changes)
      .where('id = ANY(:ids) AND deleted_at IS NULL', { ids })
      .returning('id')
      .execute();
    return (result.raw as Array<{ id: number }>).map((row) => row.id);
  }

  /**
   * A batch of one person's uploads, in the archive or in the trash: purging an account walks through them without
   * loading all. The rows go as they are purged, so each batch is the next; the two states are asked apart, so
   * each uses its partial index (media_items_user_date_id, media_items_trash_uploader).
   */
  async uploadsBatch(userId: number, inTrash: boolean, limit: number): Promise<StoredObjectRef[]> {
    return this.items.query(
      `SELECT id, object_key AS "objectKey", motion_object_key AS "motionObjectKey" FROM media_items
        WHERE user_id = $1 AND deleted_at IS ${inTrash ? 'NOT NULL' : 'NULL'} LIMIT $2`,
      [userId, limit],
    );
  }

  async deleteMany(ids: number[]): Promise<void> {
    if (ids.length > 0) await this.items.query(`DELETE FROM media_items WHERE id = ANY($1::int[])`, [ids]);
  }
}
