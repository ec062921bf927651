import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength, ValidateIf } from 'class-validator';
import { emptyToUndefined, IsCalendarDate, IsId, trim, trimToNull, type UserSummary } from '@family/shared';
import { MEDIA_TYPES, type MediaItemEntity, type MediaType } from '../entities/media-item.entity';

export const DEFAULT_PAGE_SIZE = 60;
export const MAX_PAGE_SIZE = 200;
export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 5000;
export const DATE_FORMAT_MESSAGE = 'Please enter the date as YYYY-MM-DD';

// Response shapes ------------------------------------------------------------------------------------------

/** A person as a media item shows them. */
export interface PersonRef {
  id: number;
  displayName: string;
  username: string;
}

export interface MediaTagResponse {
  userId: number;
  user: PersonRef;
}

/** SPEC.md §3 media item, with DESIGN.md's file and thumbnail routes. */
export interface MediaItemResponse {
  id: number;
  type: MediaType;
  title: string;
  description: string | null;
  /** `/api/media/{id}/file`, or null for a post without an image. */
  url: string | null;
  /** `/api/media/{id}/thumbnail` for photos and posts with an image. */
  thumbnailUrl: string | null;
  mediaDate: string;
  albumId: number | null;
  website_url: string | null;
  content: string | null;
  user: PersonRef;
  tags: MediaTagResponse[];
  createdAt: string;
}

export interface MediaPageResponse {
  items: MediaItemResponse[];
  nextCursor: string | null;
}

/** Someone who has left the archive (their things are being purged) still needs a name on screen. */
export function personRef(id: number, people: Map<number, UserSummary>): PersonRef {
  const person = people.get(id);
  if (!person) return { id, displayName: 'Former family member', username: '' };
  return { id: person.id, displayName: person.displayName, username: person.username };
}

export function hasPreview(item: Pick<MediaItemEntity, 'type' | 'objectKey'>): boolean {
  return (item.type === 'photo' || item.type === 'post') && item.objectKey !== null;
}

export function mapTag(userId: number, people: Map<number, UserSummary>): MediaTagResponse {
  return { userId, user: personRef(userId, people) };
}

export function mapMediaItem(
  item: MediaItemEntity,
  taggedUserIds: number[],
  people: Map<number, UserSummary>,
): MediaItemResponse {
  return {
    id: item.id,
    type: item.type,
    title: item.title,
    description: item.description,
    url: item.objectKey ? `/api/media/${item.id}/file` : null,
    thumbnailUrl: hasPreview(item) ? `/api/media/${item.id}/thumbnail` : null,
    mediaDate: item.mediaDate,
    albumId: item.albumId,
    website_url: item.websiteUrl,
    content: item.content,
    user: personRef(item.userId, people),
    tags: taggedUserIds.map((userId) => mapTag(userId, people)),
    createdAt: item.createdAt.toISOString(),
  };
}

// Requests ----------------------------------------------------------------------------------------------------

/** Empty query parameters (`?type=`) mean "not given". */
const blankToUndefined = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

class PageQuery {
  @IsOptional()
  @Transform(blankToUndefined)
  @Type(() => Number)
  @Max(MAX_PAGE_SIZE, { message: `limit must be at most ${MAX_PAGE_SIZE}` })
  @Min(1, { message: 'limit must be at least 1' })
  @IsInt({ message: 'limit must be a whole number' })
  limit?: number;

  @IsOptional()
  @Transform(blankToUndefined)
  @MaxLength(100, { message: 'The page cursor is not valid.' })
  @IsString({ message: 'The page cursor is not valid.' })
  cursor?: string;

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
}

/** GET /api/media */
export class ListMediaQuery extends PageQuery {
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
}

/** GET /api/media/tagged */
export class TaggedMediaQuery extends PageQuery {
  /** Whose tagged media; the signed-in person when not given. */
  @IsOptional()
  @Transform(blankToUndefined)
  @Type(() => Number)
  @IsId({ message: 'userId must be a user id' })
  userId?: number;
}

/** PATCH /api/media/{id}: the fields given are changed; title, description and content are trimmed. */
export class UpdateMediaDto {
  // Left out means unchanged; null is no title at all.
  @ValidateIf((_dto, value) => value !== undefined)
  @Transform(trim)
  @MaxLength(TITLE_MAX, { message: `Title must be at most ${TITLE_MAX} characters` })
  @MinLength(1, { message: 'Please enter a title' })
  @IsString({ message: 'Please enter a title' })
  title?: string;

  /** null or empty clears it. */
  @IsOptional()
  @Transform(trimToNull)
  @MaxLength(DESCRIPTION_MAX, { message: `Description must be at most ${DESCRIPTION_MAX} characters` })
  @IsString({ message: 'Description must be text' })
  description?: string | null;

  @ValidateIf((_dto, value) => value !== undefined)
  @IsCalendarDate({ message: DATE_FORMAT_MESSAGE })
  @IsString({ message: DATE_FORMAT_MESSAGE })
  mediaDate?: string;
}

/** POST /api/media/{id}/tags */
export class AddTagDto {
  @IsId({ message: 'Please choose a person to tag' })
  userId!: number;
}
