import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { QueryFailedError, Repository } from 'typeorm';
import type { ExportScope, MediaType } from '@family/contract';
import type { PresentedItem, PreviewedItem } from '../dtos/media.dto';
import { MediaItemEntity } from '../entities/media-item.entity';
import { MediaTagEntity } from '../entities/media-tag.entity';
import { CHANGE_GENERATIONS_COLUMN, parseChangeGenerations } from '@family/shared/nest';
import { ALBUM_PREVIEWS_SQL } from './album-previews.sql';

const UNIQUE_VIOLATION = '23505';

/** What the rule of attaching a person needs of an item (PersonAttachment): its uploader and album. */
export type AttachableItem = Pick<MediaItemEntity, 'id' | 'userId' | 'albumId'>;

/** Who is looking: their id and the albums they may see (from the albums service). */
export interface Viewer {
  userId: number;
  visibleAlbumIds: number[];
}

export interface MediaFilter {
  /** Case-insensitive substring of the title. */
  q?: string;
  type?: MediaType;
  albumId?: number;
  uploaderId?: number;
  taggedUserId?: number;
}

/** An album's item count and its newest items: what its preview is made of. */
export interface AlbumPreviews {
  albumId: number;
  itemCount: number;
  items: PreviewedItem[];
}

type Nullable<T> = { [K in keyof T]: T[K] | null };

/** The position after which the next page starts: the last item of the previous page. */
export interface PagePosition {
  mediaDate: string;
  id: number;
}

export type NewMediaItem = Omit<MediaItemEntity, 'id' | 'createdAt' | 'deletedAt' | 'deletedBy'>;
export type MediaChanges = Partial<Pick<MediaItemEntity, 'title' | 'description' | 'mediaDate' | 'dateGiven'>>;

/** What the media worker found and made for an item. */
export interface PreparedFacts {
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
  playbackType: string | null;
  /** The recording date, used only when nobody chose the item's date. */
  recordedOn: string | null;
}

export interface StoredObjectRef {
  id: number;
  objectKey: string | null;
}

/** Which items one export holds (docs/api.md "Takeout"): `mine` one's uploads, `family` all one may see. */
export interface TakeoutSelection extends Viewer {
  scope: ExportScope;
}

/** The SQL condition of a takeout selection over `media_items m`. */
export function takeoutCondition(selection: TakeoutSelection, params: Params): string {
  const whose =
    selection.scope === 'mine' ? `m.user_id = ${params.add(selection.userId)}` : visibleTo(selection, params);
  return `${LIVE} AND ${whose}`;
}

export interface TrashPosition {
  deletedAt: Date;
  id: number;
}

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

const COLUMNS = `
  m.id, m.user_id AS "userId", m.type, m.title, m.description, m.media_date AS "mediaDate", m.album_id AS "albumId",
  m.website_url AS "websiteUrl", m.content, m.object_key AS "objectKey", m.content_type AS "contentType",
  m.file_name AS "fileName", m.file_size AS "fileSize", m.sha256, m.created_at AS "createdAt",
  m.processing, m.processing_error AS "processingError", m.width, m.height, m.duration_seconds AS "durationSeconds",
  m.playback_type AS "playbackType", m.prepared_at AS "preparedAt", m.date_given AS "dateGiven",
  m.thumbnail_ready AS "thumbnailReady", m.deleted_at AS "deletedAt", m.deleted_by AS "deletedBy"`;

/**
 * What a list shows of each item (PresentedItem), and no more: each column is parsed 61 times a page, the
 * timestamps and the checksum most dearly.
 */
const LIST_COLUMNS = `
  m.id, m.user_id AS "userId", m.type, m.title, m.description, m.media_date AS "mediaDate", m.album_id AS "albumId",
  m.website_url AS "websiteUrl", m.content, m.object_key AS "objectKey", m.file_name AS "fileName",
  m.file_size AS "fileSize", m.created_at AS "createdAt", m.processing, m.processing_error AS "processingError",
  m.width, m.height, m.duration_seconds AS "durationSeconds", m.thumbnail_ready AS "thumbnailReady"`;

/**
 * Who is tagged in the row's item, in the order they were tagged: read with the page itself, so a list asks the
 * database once (docs/architecture.md "Speed"), on the primary key of media_tags.
 */
const TAGGED = `ARRAY(SELECT t.user_id FROM media_tags t WHERE t.media_id = m.id AND t.confirmed
  ORDER BY t.created_at, t.user_id) AS "taggedUserIds"`;

/** An item of a list, read with who is tagged in it. */
export type ItemWithTags = PresentedItem & { taggedUserIds: number[] };

/** docs/product.md "Trash": an item in the trash is in no list, count or lookup but the trash's own. */
const LIVE = 'm.deleted_at IS NULL';

/** A small builder for positional parameters, so fragments can be put together without counting by hand. */
export class Params {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * The album ids a person sees as a Postgres array literal, made once per kept answer of the albums service
 * (the same array comes back while it is kept): the driver would otherwise quote each of a family's hundreds of
 * ids on every list. The ids are integers (AlbumAccessCache keeps nothing else).
 */
const albumIdLiterals = new WeakMap<number[], string>();
function albumIdsParam(ids: number[]): string {
  let literal = albumIdLiterals.get(ids);
  if (literal === undefined) {
    literal = `{${ids.map((id) => String(Math.trunc(id))).join(',')}}`;
    albumIdLiterals.set(ids, literal);
  }
  return literal;
}

/**
 * docs/rights.md "Media visibility": the uploader, people tagged in it, and everyone when it is in no album,
 * else whoever sees its album. Every read of an item goes through this predicate. A tag that waits for an editor's
 * confirmation shows the person nothing (docs/rights.md "Attaching a person to an item").
 */
export function visibleTo(viewer: Viewer, params: Params): string {
  const me = params.add(viewer.userId);
  const albums = params.add(albumIdsParam(viewer.visibleAlbumIds));
  return `(m.user_id = ${me} OR m.album_id IS NULL OR m.album_id = ANY(${albums}::int[])
    OR EXISTS (SELECT 1 FROM media_tags vt WHERE vt.media_id = m.id AND vt.user_id = ${me} AND vt.confirmed))`;
}

function toItem(row: Record<string, unknown>): MediaItemEntity {
  const item = Object.assign(new MediaItemEntity(), row);
  item.fileSize = row.fileSize === null || row.fileSize === undefined ? null : Number(row.fileSize);
  return item;
}

/** A row of LIST_COLUMNS and TAGGED as a plain object: a list's items are only ever shown, never saved. */
function toListedItem(row: Record<string, unknown>): ItemWithTags {
  return {
    id: row.id as number,
    userId: row.userId as number,
    type: row.type as MediaType,
    title: row.title as string,
    description: row.description as string | null,
    mediaDate: row.mediaDate as string,
    albumId: row.albumId as number | null,
    websiteUrl: row.websiteUrl as string | null,
    content: row.content as string | null,
    objectKey: row.objectKey as string | null,
    fileName: row.fileName as string | null,
    fileSize: row.fileSize === null ? null : Number(row.fileSize),
    createdAt: row.createdAt as Date,
    processing: row.processing as ItemWithTags['processing'],
    processingError: row.processingError as string | null,
    width: row.width as number | null,
    height: row.height as number | null,
    durationSeconds: row.durationSeconds as number | null,
    thumbnailReady: row.thumbnailReady as boolean,
    taggedUserIds: row.taggedUserIds as number[],
  };
}

/** Escapes LIKE wildcards so a search for "50%" finds "50%", not everything. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

@Injectable()
export class MediaRepository {
  constructor(
    @InjectRepository(MediaItemEntity) private readonly items: Repository<MediaItemEntity>,
    @InjectRepository(MediaTagEntity) private readonly tags: Repository<MediaTagEntity>,
  ) {}

  /**
   * One page, newest media date first, then highest id: keyset pagination on the (media_date, id) indexes. The
   * same statement reads the change numbers (docs/architecture.md "Caches"); null when the page is empty.
   */
  async list(
    viewer: Viewer,
    filter: MediaFilter,
    after: PagePosition | null,
    limit: number,
  ): Promise<{ items: ItemWithTags[]; generations: Record<string, string> | null }> {
    const params = new Params();
    const where = [LIVE, visibleTo(viewer, params)];
    if (filter.q) where.push(`m.title ILIKE ${params.add(likePattern(filter.q))}`);
    if (filter.type) where.push(`m.type = ${params.add(filter.type)}`);
    if (filter.albumId !== undefined) where.push(`m.album_id = ${params.add(filter.albumId)}`);
    if (filter.uploaderId !== undefined) where.push(`m.user_id = ${params.add(filter.uploaderId)}`);
    if (filter.taggedUserId !== undefined) {
      where.push(
        `EXISTS (SELECT 1 FROM media_tags ft
           WHERE ft.media_id = m.id AND ft.user_id = ${params.add(filter.taggedUserId)} AND ft.confirmed)`,
      );
    }
    if (after) {
      where.push(`(m.media_date, m.id) < (${params.add(after.mediaDate)}::date, ${params.add(after.id)}::int)`);
    }
    const rows: Record<string, unknown>[] = await this.items.query(
      `SELECT ${LIST_COLUMNS}, ${TAGGED}, ${CHANGE_GENERATIONS_COLUMN} AS "generations"
         FROM media_items m WHERE ${where.join(' AND ')}
        ORDER BY m.media_date DESC, m.id DESC LIMIT ${params.add(limit)}`,
      params.values,
    );
    // Each row carries the numbers; only the first row's are read.
    const generations = rows.length > 0 ? parseChangeGenerations(rows[0].generations) : null;
    return { items: rows.map(toListedItem), generations };
  }

  /**
   * docs/api.md "Browsing": how many items the viewer sees in each month, newest month first. One pass over the
   * table with the visibility rule (the tags the viewer has are read once, not per row); media keeps the answer
   * per person while nothing changed (BrowseService).
   */
  async months(viewer: Viewer): Promise<Array<{ month: string; count: number }>> {
    const params = new Params();
    const me = params.add(viewer.userId);
    const albums = params.add(albumIdsParam(viewer.visibleAlbumIds));
    return this.items.query(
      `SELECT to_char(date_trunc('month', m.media_date), 'YYYY-MM') AS month, count(*)::int AS count
         FROM media_items m
        WHERE ${LIVE} AND (m.user_id = ${me} OR m.album_id IS NULL OR m.album_id = ANY(${albums}::int[])
           OR m.id = ANY(ARRAY(SELECT vt.media_id FROM media_tags vt WHERE vt.user_id = ${me} AND vt.confirmed)))
        GROUP BY 1 ORDER BY 1 DESC`,
      params.values,
    );
  }

  /**
   * Items dated on this day and month in years before `beforeYear`, newest year first, at most `perYear` of each
   * year and `limit` in all (the index media_items_month_day).
   */
  async onThisDay(
    viewer: Viewer,
    day: { month: number; day: number; beforeYear: number },
    perYear: number,
    limit: number,
  ): Promise<MediaItemEntity[]> {
    const params = new Params();
    const visible = visibleTo(viewer, params);
    const rows: Record<string, unknown>[] = await this.items.query(
      `SELECT ${COLUMNS} FROM (
         SELECT m.*, row_number() OVER (PARTITION BY EXTRACT(YEAR FROM m.media_date) ORDER BY m.id DESC) AS position
           FROM media_items m
          WHERE EXTRACT(MONTH FROM m.media_date)::int = ${params.add(day.month)}
            AND EXTRACT(DAY FROM m.media_date)::int = ${params.add(day.day)}
            AND m.media_date < make_date(${params.add(day.beforeYear)}, 1, 1)
            AND ${LIVE} AND ${visible}
       ) m
       WHERE m.position <= ${params.add(perYear)}
       ORDER BY m.media_date DESC, m.id DESC LIMIT ${params.add(limit)}`,
      params.values,
    );
    return rows.map(toItem);
  }

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

  /** One page of an export's items by id (keyset on the primary key). */
  async takeoutPage(selection: TakeoutSelection, afterId: number, limit: number): Promise<MediaItemEntity[]> {
    const params = new Params();
    const rows: Record<string, unknown>[] = await this.items.query(
      `SELECT ${COLUMNS} FROM media_items m
        WHERE ${takeoutCondition(selection, params)} AND m.id > ${params.add(afterId)}
        ORDER BY m.id LIMIT ${params.add(limit)}`,
      params.values,
    );
    return rows.map(toItem);
  }

  /** How many items an export holds, for its progress. */
  async takeoutCount(selection: TakeoutSelection): Promise<number> {
    const params = new Params();
    const rows: Array<{ count: string }> = await this.items.query(
      `SELECT count(*) AS count FROM media_items m WHERE ${takeoutCondition(selection, params)}`,
      params.values,
    );
    return Number(rows[0]?.count ?? 0);
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
      `SELECT id, deleted_at IS NOT NULL AS "inTrash" FROM media_items WHERE user_id = $1 AND sha256 = $2`,
      [userId, sha256],
    );
    return rows.length > 0 ? rows[0] : null;
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

  // Trash (docs/product.md "Trash") ----------------------------------------------------------------------

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
      `SELECT id, object_key AS "objectKey" FROM media_items
        WHERE deleted_at IS NOT NULL AND (user_id = $1 OR deleted_by = $1) ORDER BY deleted_at, id LIMIT $2`,
      [userId, limit],
    );
  }

  /** A batch of items in the trash for longer than `days` days, oldest deletion first (media_items_trash_expiry). */
  async expiredTrash(days: number, limit: number): Promise<StoredObjectRef[]> {
    return this.items.query(
      `SELECT id, object_key AS "objectKey" FROM media_items
        WHERE deleted_at IS NOT NULL AND deleted_at < now() - make_interval(days => $1) ORDER BY deleted_at, id LIMIT $2`,
      [days, limit],
    );
  }

  /** Marks an item ready with what the worker found. False when the item is gone (deleted meanwhile). */
  async markReady(id: number, facts: PreparedFacts): Promise<boolean> {
    const rows: unknown[] = await this.items.query(
      `UPDATE media_items SET processing = 'ready', processing_error = NULL, width = $2, height = $3,
              duration_seconds = $4, playback_type = $5, prepared_at = now(),
              media_date = CASE WHEN date_given OR $6::date IS NULL THEN media_date ELSE $6::date END
        WHERE id = $1 RETURNING id`,
      [id, facts.width, facts.height, facts.durationSeconds, facts.playbackType, facts.recordedOn],
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

  /** Puts an item with no album into one. False when it is gone or already in an album (a race lost). */
  async attachToAlbum(id: number, albumId: number): Promise<boolean> {
    const result = await this.items
      .createQueryBuilder()
      .update()
      .set({ albumId })
      .where('id = :id AND album_id IS NULL AND deleted_at IS NULL', { id })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** Puts the items with no album into one, in one statement: the ids it moved (the rest were in an album). */
  async attachManyToAlbum(ids: number[], albumId: number): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows: Array<{ id: number }> = await this.items.query(
      // As a SELECT over the UPDATE: TypeORM answers a bare UPDATE … RETURNING as [rows, count].
      `WITH moved AS (
         UPDATE media_items SET album_id = $2 WHERE id = ANY($1::int[]) AND album_id IS NULL RETURNING id
       ) SELECT id FROM moved`,
      [ids, albumId],
    );
    return rows.map((row) => row.id);
  }

  /** Takes an item out of the given album. False when it is not in that album. */
  async detachFromAlbum(id: number, albumId: number): Promise<boolean> {
    const result = await this.items
      .createQueryBuilder()
      .update()
      .set({ albumId: null })
      .where('id = :id AND album_id = :albumId AND deleted_at IS NULL', { id, albumId })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /**
   * An album was deleted: its items stay in the archive, in no album; those in the trash too, so a restore brings
   * them back in no album. Two statements, so each uses its own partial index.
   */
  async detachAlbum(albumId: number): Promise<void> {
    await this.items.query(`UPDATE media_items SET album_id = NULL WHERE album_id = $1 AND deleted_at IS NULL`, [
      albumId,
    ]);
    await this.items.query(`UPDATE media_items SET album_id = NULL WHERE album_id = $1 AND deleted_at IS NOT NULL`, [
      albumId,
    ]);
  }

  /** Each album's item count and newest `perAlbum` items, as their previews show them (ALBUM_PREVIEWS_SQL). */
  async albumPreviews(albumIds: number[], perAlbum: number): Promise<AlbumPreviews[]> {
    const rows: Array<{ albumId: number; itemCount: number } & Nullable<PreviewedItem>> = await this.items.query(
      ALBUM_PREVIEWS_SQL,
      [albumIds, perAlbum],
    );
    // A row per item, in album order; an album without items has one row with null item columns.
    const albums: AlbumPreviews[] = [];
    let album: AlbumPreviews | undefined;
    for (const { albumId, itemCount, ...item } of rows) {
      if (album?.albumId !== albumId) {
        album = { albumId, itemCount, items: [] };
        albums.push(album);
      }
      if (item.id !== null) album.items.push(item as PreviewedItem);
    }
    return albums;
  }

  /**
   * A batch of one person's uploads, in the archive or in the trash: purging an account walks through them without
   * loading all. The rows go as they are purged, so each batch is the next; the two states are asked apart, so
   * each uses its partial index (media_items_user_date_id, media_items_trash_uploader).
   */
  async uploadsBatch(userId: number, inTrash: boolean, limit: number): Promise<StoredObjectRef[]> {
    return this.items.query(
      `SELECT id, object_key AS "objectKey" FROM media_items
        WHERE user_id = $1 AND deleted_at IS ${inTrash ? 'NOT NULL' : 'NULL'} LIMIT $2`,
      [userId, limit],
    );
  }

  async deleteMany(ids: number[]): Promise<void> {
    if (ids.length > 0) await this.items.query(`DELETE FROM media_items WHERE id = ANY($1::int[])`, [ids]);
  }

  // Tags ------------------------------------------------------------------------------------------------

  /** The tags of many items at once, oldest tag first, those waiting for confirmation too. */
  async tagsOf(mediaIds: number[]): Promise<Array<{ mediaId: number; userId: number; confirmed: boolean }>> {
    if (mediaIds.length === 0) return [];
    return this.tags.query(
      `SELECT media_id AS "mediaId", user_id AS "userId", confirmed FROM media_tags
       WHERE media_id = ANY($1::int[]) ORDER BY created_at, user_id`,
      [mediaIds],
    );
  }

  /** How many items a person is tagged in, the trash left out (the index media_tags_user_media). */
  async tagCount(userId: number): Promise<number> {
    const [row] = (await this.tags.query(
      `SELECT count(*)::int AS count FROM media_tags t JOIN media_items m ON m.id = t.media_id
        WHERE t.user_id = $1 AND m.deleted_at IS NULL`,
      [userId],
    )) as Array<{ count: number }>;
    return row?.count ?? 0;
  }

  /**
   * The items a person is tagged in, in the trash too, with what the rule of attaching needs (the uploader and
   * the album) and whether the tag is confirmed.
   */
  async taggedItemsOf(userId: number): Promise<Array<AttachableItem & { confirmed: boolean }>> {
    return this.tags.query(
      `SELECT m.id, m.user_id AS "userId", m.album_id AS "albumId", t.confirmed
         FROM media_tags t JOIN media_items m ON m.id = t.media_id WHERE t.user_id = $1`,
      [userId],
    );
  }

  /**
   * A duplicate person's tags become the other person's (an item tagged with both keeps one tag, confirmed when
   * either was); those on the `held` items wait for confirmation (docs/rights.md "Attaching a person to an item").
   */
  async moveTags(fromUserId: number, toUserId: number, held: number[]): Promise<void> {
    await this.tags.manager.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO media_tags AS t (media_id, user_id, confirmed, created_at)
         SELECT media_id, $2, confirmed AND NOT media_id = ANY($3::int[]), created_at FROM media_tags WHERE user_id = $1
         ON CONFLICT (media_id, user_id) DO UPDATE SET confirmed = t.confirmed OR EXCLUDED.confirmed`,
        [fromUserId, toUserId, held],
      );
      await tx.query(`DELETE FROM media_tags WHERE user_id = $1`, [fromUserId]);
    });
  }

  /** The person's tags on these items wait for confirmation. */
  async holdTags(userId: number, mediaIds: number[]): Promise<void> {
    if (mediaIds.length === 0) return;
    await this.tags.query(`UPDATE media_tags SET confirmed = false WHERE user_id = $1 AND media_id = ANY($2::int[])`, [
      userId,
      mediaIds,
    ]);
  }

  /**
   * Tags as they are decided (PersonAttachment.attach), in one statement; nothing when the item is gone. How many
   * are new (the others were there already).
   */
  async insertTags(mediaId: number, tags: Array<{ userId: number; confirmed: boolean }>): Promise<number> {
    if (tags.length === 0) return 0;
    const rows: unknown[] = await this.tags.query(
      `INSERT INTO media_tags (media_id, user_id, confirmed)
       SELECT $1, person, confirmed FROM unnest($2::int[], $3::boolean[]) AS t(person, confirmed)
        WHERE EXISTS (SELECT 1 FROM media_items WHERE id = $1)
       ON CONFLICT DO NOTHING RETURNING media_id`,
      [mediaId, tags.map((tag) => tag.userId), tags.map((tag) => tag.confirmed)],
    );
    return rows.length;
  }

  /**
   * A confirmed tag; one that waited for confirmation is confirmed by it (the caller has checked the right to).
   * False when the person was tagged and confirmed already.
   */
  async addTag(mediaId: number, userId: number): Promise<boolean> {
    return (await this.addTagToMany([mediaId], userId)).length > 0;
  }

  /** Tags one person on many items in one statement: the item ids newly tagged or confirmed (the rest had it). */
  async addTagToMany(mediaIds: number[], userId: number): Promise<number[]> {
    if (mediaIds.length === 0) return [];
    const rows: Array<{ mediaId: number }> = await this.tags.query(
      `INSERT INTO media_tags AS t (media_id, user_id) SELECT unnest($1::int[]), $2
       ON CONFLICT (media_id, user_id) DO UPDATE SET confirmed = true WHERE NOT t.confirmed
       RETURNING media_id AS "mediaId"`,
      [mediaIds, userId],
    );
    return rows.map((row) => row.mediaId);
  }

  /** False when the person was not tagged. */
  async removeTag(mediaId: number, userId: number): Promise<boolean> {
    const result = await this.tags.delete({ mediaId, userId });
    return (result.affected ?? 0) > 0;
  }

  async removeTagsOfUser(userId: number): Promise<void> {
    await this.tags.delete({ userId });
  }
}
