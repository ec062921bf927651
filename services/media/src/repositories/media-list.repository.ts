import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { MediaPlace, MediaType } from '@family/contract';
import { CHANGE_GENERATIONS_COLUMN, parseChangeGenerations } from '@family/shared/nest';
import type { PresentedItem } from '../dtos/media.dto';
import { MediaItemEntity } from '../entities/media-item.entity';
import { albumIdsParam, COLUMNS, LIVE, Params, toItem, type Viewer, visibleTo } from './media-sql';

export interface MediaFilter {
  /** Case-insensitive substring of the title. */
  q?: string;
  type?: MediaType;
  albumId?: number;
  uploaderId?: number;
  taggedUserId?: number;
  /** Only the viewer's own uploads made at or after this time, newest upload first ("Just uploaded"). */
  uploadedSince?: Date;
  /** Years: items whose date, or an uncertain date's span, overlaps them (docs/api.md "Uncertain dates"). */
  fromYear?: number;
  toYear?: number;
  /** Case-insensitive part of the place's name. */
  place?: string;
}

/**
 * The position after which the next page starts: the last item of the previous page. A list by upload
 * (`uploadedSince`) goes by id alone, as ids grow with every upload.
 */
export interface PagePosition {
  mediaDate: string;
  id: number;
}

/**
 * What a list shows of each item (PresentedItem), and no more: each column is parsed 61 times a page, the
 * timestamps and the checksum most dearly.
 */
const LIST_COLUMNS = `
  m.id, m.user_id AS "userId", m.type, m.title, m.description, m.media_date AS "mediaDate", m.album_id AS "albumId",
  m.date_text AS "dateText", m.place,
  m.website_url AS "websiteUrl", m.content, m.object_key AS "objectKey", m.file_name AS "fileName",
  m.file_size AS "fileSize", m.created_at AS "createdAt", m.processing, m.processing_error AS "processingError",
  m.width, m.height, m.duration_seconds AS "durationSeconds", m.thumbnail_ready AS "thumbnailReady",
  m.content_type AS "contentType", m.motion_type AS "motionType", m.motion_object_key AS "motionObjectKey"`;

/**
 * Who is tagged in the row's item, in the order they were tagged: read with the page itself, so a list asks the
 * database once (docs/architecture.md "Speed"), on the primary key of media_tags.
 */
const TAGGED = `ARRAY(SELECT t.user_id FROM media_tags t WHERE t.media_id = m.id AND t.confirmed
  ORDER BY t.created_at, t.user_id) AS "taggedUserIds"`;

/** An item of a list, read with who is tagged in it. */
export type ItemWithTags = PresentedItem & { taggedUserIds: number[] };

/** A row of LIST_COLUMNS and TAGGED as a plain object: a list's items are only ever shown, never saved. */
function toListedItem(row: Record<string, unknown>): ItemWithTags {
  return {
    id: row.id as number,
    userId: row.userId as number,
    type: row.type as MediaType,
    title: row.title as string,
    description: row.description as string | null,
    mediaDate: row.mediaDate as string,
    dateText: row.dateText as string | null,
    place: row.place as string | null,
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
    contentType: row.contentType as string | null,
    motionType: row.motionType as string | null,
    motionObjectKey: row.motionObjectKey as string | null,
    taggedUserIds: row.taggedUserIds as number[],
  };
}

/** Escapes LIKE wildcards so a search for "50%" finds "50%", not everything. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Items whose date can fall in the years asked: an exact day within them, or an uncertain date whose span (open
 * ends reaching forever) overlaps them. The middle day lies within the span, so the first test also finds most
 * uncertain dates through the (media_date, id) indexes; the rest through media_items_date_span.
 */
function yearsCondition(filter: Pick<MediaFilter, 'fromYear' | 'toYear'>, params: Params): string {
  const first = params.add(`${filter.fromYear ?? 1000}-01-01`);
  const last = params.add(`${filter.toYear ?? 9999}-12-31`);
  return `(m.media_date BETWEEN ${first}::date AND ${last}::date
    OR (m.date_text IS NOT NULL AND COALESCE(m.date_earliest, '-infinity'::date) <= ${last}::date
      AND COALESCE(m.date_latest, 'infinity'::date) >= ${first}::date))`;
}

/** What the archive lists: a page of items, the months browsed by, the items of this day in years before. */
@Injectable()
export class MediaListRepository {
  constructor(@InjectRepository(MediaItemEntity) private readonly items: Repository<MediaItemEntity>) {}

  /**
   * One page, newest media date first, then highest id: keyset pagination on the (media_date, id) indexes; with
   * `uploadedSince`, the viewer's uploads since then, newest upload first. The
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
    if (filter.place) where.push(`m.place ILIKE ${params.add(likePattern(filter.place))}`);
    if (filter.albumId !== undefined) where.push(`m.album_id = ${params.add(filter.albumId)}`);
    if (filter.uploaderId !== undefined) where.push(`m.user_id = ${params.add(filter.uploaderId)}`);
    if (filter.taggedUserId !== undefined) {
      where.push(
        `EXISTS (SELECT 1 FROM media_tags ft
           WHERE ft.media_id = m.id AND ft.user_id = ${params.add(filter.taggedUserId)} AND ft.confirmed)`,
      );
    }
    if (filter.fromYear !== undefined || filter.toYear !== undefined) where.push(yearsCondition(filter, params));
    const byUpload = filter.uploadedSince !== undefined;
    if (byUpload) {
      where.push(`m.user_id = ${params.add(viewer.userId)}`, `m.created_at >= ${params.add(filter.uploadedSince)}`);
      if (after) where.push(`m.id < ${params.add(after.id)}::int`);
    } else if (after) {
      where.push(`(m.media_date, m.id) < (${params.add(after.mediaDate)}::date, ${params.add(after.id)}::int)`);
    }
    const rows: Record<string, unknown>[] = await this.items.query(
      `SELECT ${LIST_COLUMNS}, ${TAGGED}, ${CHANGE_GENERATIONS_COLUMN} AS "generations"
         FROM media_items m WHERE ${where.join(' AND ')}
        ORDER BY ${byUpload ? 'm.id DESC' : 'm.media_date DESC, m.id DESC'} LIMIT ${params.add(limit)}`,
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
   * docs/api.md "Places": the places of the items the viewer sees that have a position, one row per place name at
   * the mean of its positions, most items first.
   */
  async places(viewer: Viewer, limit: number): Promise<MediaPlace[]> {
    const params = new Params();
    const visible = visibleTo(viewer, params);
    return this.items.query(
      `SELECT m.place, avg(m.latitude)::float8 AS latitude, avg(m.longitude)::float8 AS longitude, count(*)::int AS count
         FROM media_items m
        WHERE ${LIVE} AND m.place IS NOT NULL AND m.latitude IS NOT NULL AND ${visible}
        GROUP BY m.place ORDER BY count(*) DESC, m.place LIMIT ${params.add(limit)}`,
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
            AND m.date_text IS NULL
            AND ${LIVE} AND ${visible}
       ) m
       WHERE m.position <= ${params.add(perYear)}
       ORDER BY m.media_date DESC, m.id DESC LIMIT ${params.add(limit)}`,
      params.values,
    );
    return rows.map(toItem);
  }
}
