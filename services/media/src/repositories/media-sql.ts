import type { ExportScope } from '@family/contract';
import { MediaItemEntity } from '../entities/media-item.entity';

/**
 * What the media repositories share: who is looking, the visibility rule, the parameters builder, the columns
 * an item is read with. Each repository holds one concern (docs/conventions.md "One service").
 */

/** What the rule of attaching a person needs of an item (PersonAttachment): its uploader and album. */
export type AttachableItem = Pick<MediaItemEntity, 'id' | 'userId' | 'albumId'>;

/** Who is looking: their id and the albums they may see (from the albums service). */
export interface Viewer {
  userId: number;
  visibleAlbumIds: number[];
}

/** An item's id and stored file: what purging it needs. */
export interface StoredObjectRef {
  id: number;
  objectKey: string | null;
  /** A Live Photo's MOV, its second original. */
  motionObjectKey?: string | null;
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

export const COLUMNS = `
  m.id, m.user_id AS "userId", m.type, m.title, m.description, m.media_date AS "mediaDate", m.album_id AS "albumId",
  m.date_text AS "dateText", m.date_earliest AS "dateEarliest", m.date_latest AS "dateLatest",
  m.place, m.latitude, m.longitude, m.place_given AS "placeGiven",
  m.website_url AS "websiteUrl", m.content, m.object_key AS "objectKey", m.content_type AS "contentType",
  m.file_name AS "fileName", m.file_size AS "fileSize", m.sha256, m.created_at AS "createdAt",
  m.processing, m.processing_error AS "processingError", m.width, m.height, m.duration_seconds AS "durationSeconds",
  m.playback_type AS "playbackType", m.prepared_at AS "preparedAt", m.date_given AS "dateGiven",
  m.thumbnail_ready AS "thumbnailReady", m.deleted_at AS "deletedAt", m.deleted_by AS "deletedBy",
  m.motion_type AS "motionType", m.live_id AS "liveId", m.motion_object_key AS "motionObjectKey",
  m.motion_content_type AS "motionContentType", m.motion_file_name AS "motionFileName",
  m.motion_file_size AS "motionFileSize", m.motion_sha256 AS "motionSha256"`;

/** docs/product.md "Trash": an item in the trash is in no list, count or lookup but the trash's own. */
export const LIVE = 'm.deleted_at IS NULL';

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
export function albumIdsParam(ids: number[]): string {
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

export function toItem(row: Record<string, unknown>): MediaItemEntity {
  const item = Object.assign(new MediaItemEntity(), row);
  item.fileSize = row.fileSize === null || row.fileSize === undefined ? null : Number(row.fileSize);
  item.motionFileSize =
    row.motionFileSize === null || row.motionFileSize === undefined ? null : Number(row.motionFileSize);
  return item;
}
