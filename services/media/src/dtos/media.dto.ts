import { Transform, Type } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsISO8601,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateBy,
  ValidateIf,
} from 'class-validator';
import {
  MEDIA_DATE_TEXT_MAX,
  MEDIA_DESCRIPTION_MAX,
  MEDIA_PLACE_MAX,
  MEDIA_TITLE_MAX,
  MEDIA_TYPES,
  type AddTagRequest,
  type MediaItem,
  type MediaListQuery,
  type MediaTag,
  type MediaType,
  type PersonSummary,
  type TaggedMediaListQuery,
  type UpdateMediaRequest,
} from '@family/contract';
import { emptyToUndefined, IsCalendarDate, IsId, personName, trim, trimToNull } from '@family/shared';
import type { MediaItemEntity } from '../entities/media-item.entity';
import { photoShowsInBrowser } from '../processing/browser-support';
import { blankToUndefined, PageQuery } from './page-query.dto';

export const DATE_FORMAT_MESSAGE = 'Please enter the date as YYYY-MM-DD';
export const UPLOADED_SINCE_MESSAGE = 'uploadedSince must be a time as ISO 8601, such as 2026-11-27T18:00:00Z.';
export const BEFORE_FORMAT_MESSAGE = 'before must be a calendar date as YYYY-MM-DD, such as 2020-04-01.';
const yearMessage = (name: string) => `${name} must be a year from 1000 to 9999, such as 1950.`;

// Responses --------------------------------------------------------------------------------------------------

/** Items the media worker prepares: everything with a picture, a video or a sound. */
export function needsPreparing(item: Pick<MediaItemEntity, 'type' | 'objectKey'>): boolean {
  return item.objectKey !== null && (item.type === 'photo' || item.type === 'post' || isRecording(item));
}

/** Items with a thumbnail and preview once ready: photos, posts with an image, and videos (a poster frame). */
export function hasPictures(item: Pick<MediaItemEntity, 'type' | 'objectKey'>): boolean {
  return item.objectKey !== null && (item.type === 'photo' || item.type === 'post' || item.type === 'video');
}

/**
 * The thumbnail is shown once the item is ready, or while it is pending when the upload made it already
 * (docs/architecture.md "Media worker"). A failed item shows why instead. The album preview rows follow the same
 * rule in SQL (migration AlbumPreviewRows).
 */
export function thumbnailShown(
  item: Pick<MediaItemEntity, 'type' | 'objectKey' | 'processing' | 'thumbnailReady'>,
): boolean {
  if (!hasPictures(item)) return false;
  return item.processing === 'ready' || (item.processing === 'pending' && item.thumbnailReady);
}

function thumbnailUrl(item: Pick<MediaItemEntity, 'id' | 'type' | 'objectKey' | 'processing' | 'thumbnailReady'>) {
  return thumbnailShown(item) ? `/api/media/${item.id}/thumbnail` : null;
}

/** Videos and sound: played in the browser. */
export function isRecording(item: Pick<MediaItemEntity, 'type' | 'objectKey'>): boolean {
  return item.objectKey !== null && (item.type === 'video' || item.type === 'audio');
}

export function mapTag(userId: number, people: Map<number, PersonSummary>, confirmed = true): MediaTag {
  return confirmed
    ? { userId, user: personName(userId, people) }
    : { userId, user: personName(userId, people), awaitingConfirmation: true };
}

/** What the web app is shown of an item: all a list reads (LIST_COLUMNS in the repository). */
export type PresentedItem = Pick<
  MediaItemEntity,
  | 'id'
  | 'userId'
  | 'type'
  | 'title'
  | 'description'
  | 'mediaDate'
  | 'dateText'
  | 'place'
  | 'albumId'
  | 'websiteUrl'
  | 'content'
  | 'objectKey'
  | 'fileName'
  | 'fileSize'
  | 'createdAt'
  | 'processing'
  | 'processingError'
  | 'width'
  | 'height'
  | 'durationSeconds'
  | 'thumbnailReady'
  | 'contentType'
  | 'motionType'
> &
  Partial<Pick<MediaItemEntity, 'motionObjectKey'>>;

/** Photos and post images: their original when browsers show it, else the JPEG made on first request. */
function fullSizeUrl(item: PresentedItem): string | null {
  if (!item.objectKey || !item.contentType?.startsWith('image/') || !hasPictures(item)) return null;
  if (photoShowsInBrowser(item.contentType)) return `/api/media/${item.id}/file`;
  return item.processing === 'ready' ? `/api/media/${item.id}/full-size` : null;
}

export function mapMediaItem(
  item: PresentedItem,
  taggedUserIds: number[],
  people: Map<number, PersonSummary>,
): MediaItem {
  const ready = item.processing === 'ready';
  return {
    id: item.id,
    type: item.type,
    title: item.title,
    description: item.description,
    url: item.objectKey ? `/api/media/${item.id}/file` : null,
    thumbnailUrl: thumbnailUrl(item),
    previewUrl: ready && hasPictures(item) ? `/api/media/${item.id}/preview` : null,
    playbackUrl: ready && isRecording(item) ? `/api/media/${item.id}/playback` : null,
    motionUrl: ready && item.motionType ? `/api/media/${item.id}/motion` : null,
    fullSizeUrl: fullSizeUrl(item),
    motionOriginalUrl: item.motionObjectKey ? `/api/media/${item.id}/file?part=motion` : null,
    processing: item.processing,
    processingError: item.processing === 'failed' ? item.processingError : null,
    width: item.width,
    height: item.height,
    durationSeconds: item.durationSeconds,
    originalName: item.objectKey ? item.fileName : null,
    sizeBytes: item.objectKey ? item.fileSize : null,
    mediaDate: item.mediaDate,
    mediaDateText: item.dateText,
    place: item.place,
    albumId: item.albumId,
    website_url: item.websiteUrl,
    content: item.content,
    user: personName(item.userId, people),
    tags: taggedUserIds.map((userId) => mapTag(userId, people)),
    createdAt: item.createdAt.toISOString(),
  };
}

// Requests ----------------------------------------------------------------------------------------------------

/** A page of a media list, with the filters every media list takes. */
class MediaPageQuery extends PageQuery {
  @IsOptional()
  @Transform(emptyToUndefined)
  @MaxLength(200, { message: 'Search text must be at most 200 characters' })
  @IsString()
  q?: string;

  @IsOptional()
  @Transform(blankToUndefined)
  @IsIn(MEDIA_TYPES, { message: 'type must be one of photo, video, audio, document or post' })
  type?: MediaType;

  @IsOptional()
  @Transform(blankToUndefined)
  @Type(() => Number)
  @IsId({ message: 'albumId must be an album id' })
  albumId?: number;

  @IsOptional()
  @Transform(blankToUndefined)
  @IsCalendarDate({ message: BEFORE_FORMAT_MESSAGE })
  @IsString({ message: BEFORE_FORMAT_MESSAGE })
  before?: string;

  /** Years: items whose date (an uncertain date's span) overlaps them (docs/api.md "Uncertain dates"). */
  @IsOptional()
  @Transform(blankToUndefined)
  @Type(() => Number)
  @Max(9999, { message: yearMessage('from') })
  @Min(1000, { message: yearMessage('from') })
  @IsInt({ message: yearMessage('from') })
  from?: number;

  @IsOptional()
  @Transform(blankToUndefined)
  @Type(() => Number)
  @Max(9999, { message: yearMessage('to') })
  @Min(1000, { message: yearMessage('to') })
  @IsInt({ message: yearMessage('to') })
  to?: number;

  /** Part of the place's name (docs/api.md "Places"). */
  @IsOptional()
  @Transform(emptyToUndefined)
  @MaxLength(MEDIA_PLACE_MAX, { message: `place must be at most ${MEDIA_PLACE_MAX} characters` })
  @IsString({ message: 'place must be text, like Paris' })
  place?: string;
}

/** GET /api/media */
export class ListMediaQuery extends MediaPageQuery implements MediaListQuery {
  /** With uploaded=true (or alone): only this person's uploads. */
  @IsOptional()
  @Transform(blankToUndefined)
  @Type(() => Number)
  @IsId({ message: 'userId must be a user id' })
  userId?: number;

  @IsOptional()
  @Transform(blankToUndefined)
  @IsIn(['true', 'false'], { message: 'uploaded must be true or false' })
  uploaded?: 'true' | 'false';

  /** Only what the asking member uploaded since this time, newest upload first ("Just uploaded"). */
  @IsOptional()
  @Transform(blankToUndefined)
  @ValidateBy(
    {
      name: 'isTime',
      validator: { validate: (value) => typeof value === 'string' && !Number.isNaN(Date.parse(value)) },
    },
    { message: UPLOADED_SINCE_MESSAGE },
  )
  @IsISO8601({ strict: true }, { message: UPLOADED_SINCE_MESSAGE })
  @MaxLength(40, { message: UPLOADED_SINCE_MESSAGE })
  @IsString({ message: UPLOADED_SINCE_MESSAGE })
  uploadedSince?: string;
}

/** GET /api/media/tagged */
export class TaggedMediaQuery extends MediaPageQuery implements TaggedMediaListQuery {
  /** Whose tagged media; the signed-in person when not given. */
  @IsOptional()
  @Transform(blankToUndefined)
  @Type(() => Number)
  @IsId({ message: 'userId must be a user id' })
  userId?: number;
}

/** PATCH /api/media/{id}: the fields given are changed; title, description and content are trimmed. */
export class UpdateMediaDto implements UpdateMediaRequest {
  // Left out means unchanged; null is no title at all.
  @ValidateIf((_dto, value) => value !== undefined)
  @Transform(trim)
  @MaxLength(MEDIA_TITLE_MAX, { message: `Title must be at most ${MEDIA_TITLE_MAX} characters` })
  @MinLength(1, { message: 'Please enter a title' })
  @IsString({ message: 'Please enter a title' })
  title?: string;

  /** null or empty clears it. */
  @IsOptional()
  @Transform(trimToNull)
  @MaxLength(MEDIA_DESCRIPTION_MAX, { message: `Description must be at most ${MEDIA_DESCRIPTION_MAX} characters` })
  @IsString({ message: 'Description must be text' })
  description?: string | null;

  @ValidateIf((_dto, value) => value !== undefined)
  @IsCalendarDate({ message: DATE_FORMAT_MESSAGE })
  @IsString({ message: DATE_FORMAT_MESSAGE })
  mediaDate?: string;

  /** Exact or uncertain; its grammar is checked by the service, which can say what is wrong with it. */
  @ValidateIf((_dto, value) => value !== undefined)
  @Transform(trim)
  @MaxLength(MEDIA_DATE_TEXT_MAX, { message: `A date must be at most ${MEDIA_DATE_TEXT_MAX} characters` })
  @MinLength(1, { message: 'Please enter a date, like 1955-03-12, ABT 1955 or 1950s' })
  @IsString({ message: 'A date must be text, like 1955-03-12, ABT 1955 or 1950s' })
  mediaDateText?: string;

  /** null or empty clears it. */
  @IsOptional()
  @Transform(trimToNull)
  @MaxLength(MEDIA_PLACE_MAX, { message: `A place must be at most ${MEDIA_PLACE_MAX} characters` })
  @IsString({ message: 'A place must be text, like Kraków, Poland' })
  place?: string | null;
}

/** POST /api/media/{id}/tags */
export class AddTagDto implements AddTagRequest {
  @IsId({ message: 'Please choose a person to tag' })
  userId!: number;
}
