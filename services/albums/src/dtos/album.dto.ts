import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, IsString, MaxLength, Min, MinLength, ValidateIf } from 'class-validator';
import { IsId, queryId, trim, trimToNull, type UserSummary } from '@family/shared';
import type { AlbumMemberEntity } from '../entities/album-member.entity';
import type { AlbumEntity } from '../entities/album.entity';

export const NAME_MAX = 100;
export const DESCRIPTION_MAX = 2000;

const NAME_REQUIRED = 'Album name is required';
const NAME_TOO_LONG = `Album name is too long: keep it under ${NAME_MAX} characters`;
const DESCRIPTION_TOO_LONG = 'The description is too long: keep it under 2,000 characters';
const DESCRIPTION_TEXT = 'The description must be text';
const IS_SHARED = 'isShared must be true or false';
const CAN_EDIT = 'canEdit must be true or false';
const SELECT_MEMBER = 'Please select a member';
const INVALID_USER_ID = 'userId must be the id of a person (a whole number)';

// Requests -----------------------------------------------------------------------------------------------------

/** POST /api/albums */
export class CreateAlbumDto {
  @Transform(trim)
  @MaxLength(NAME_MAX, { message: NAME_TOO_LONG })
  @MinLength(1, { message: NAME_REQUIRED })
  @IsString({ message: NAME_REQUIRED })
  name!: string;

  @IsOptional()
  @Transform(trimToNull)
  @MaxLength(DESCRIPTION_MAX, { message: DESCRIPTION_TOO_LONG })
  @IsString({ message: DESCRIPTION_TEXT })
  description?: string | null;

  @IsOptional()
  @IsBoolean({ message: IS_SHARED })
  isShared?: boolean;
}

/** PATCH /api/albums/{id}: only what is sent changes. */
export class UpdateAlbumDto {
  // Left out means unchanged; null is no name at all.
  @ValidateIf((_dto, value) => value !== undefined)
  @Transform(trim)
  @MaxLength(NAME_MAX, { message: NAME_TOO_LONG })
  @MinLength(1, { message: NAME_REQUIRED })
  @IsString({ message: NAME_REQUIRED })
  name?: string;

  @IsOptional()
  @Transform(trimToNull)
  @MaxLength(DESCRIPTION_MAX, { message: DESCRIPTION_TOO_LONG })
  @IsString({ message: DESCRIPTION_TEXT })
  description?: string | null;

  @IsOptional()
  @IsBoolean({ message: IS_SHARED })
  isShared?: boolean;
}

/** GET /api/albums?userId=: only the albums that person created (and the caller may see). */
export class ListAlbumsQuery {
  @IsOptional()
  @Transform(queryId)
  @Min(1, { message: INVALID_USER_ID })
  @IsInt({ message: INVALID_USER_ID })
  userId?: number;
}

/** POST /api/albums/{id}/members */
export class AddMemberDto {
  @IsId({ message: SELECT_MEMBER })
  userId!: number;

  @IsOptional()
  @IsBoolean({ message: CAN_EDIT })
  canEdit?: boolean;
}

// Responses ----------------------------------------------------------------------------------------------------

/** A person as an album shows them. */
export interface PersonRef {
  id: number;
  displayName: string;
  username: string;
}

export interface AlbumMemberResponse {
  userId: number;
  canEdit: boolean;
  user: PersonRef;
}

/** What the media service says of an album's items: how many, and the newest few as media items. */
export interface AlbumMediaSummary {
  itemCount: number;
  items: unknown[];
}

/** SPEC.md §3 Album, with the creator, counts and a preview of its newest items. */
export interface AlbumResponse {
  id: number;
  name: string;
  description: string | null;
  isShared: boolean;
  createdBy: number;
  creator: PersonRef;
  members: AlbumMemberResponse[];
  /** The newest few items (a preview); the whole album is GET /api/media?albumId={id}. */
  mediaItems: unknown[];
  itemCount: number;
  /** Members plus one for the creator. */
  memberCount: number;
  createdAt: string;
}

export interface MessageResponse {
  message: string;
}

/** Someone who has left the archive (their things are being purged) still needs a name on screen. */
export function personRef(id: number, people: Map<number, UserSummary>): PersonRef {
  const person = people.get(id);
  if (!person) return { id, displayName: 'Former family member', username: '' };
  return { id: person.id, displayName: person.displayName, username: person.username };
}

export function mapAlbum(
  album: AlbumEntity,
  members: AlbumMemberEntity[],
  people: Map<number, UserSummary>,
  media: AlbumMediaSummary = { itemCount: 0, items: [] },
): AlbumResponse {
  return {
    id: album.id,
    name: album.name,
    description: album.description,
    isShared: album.isShared,
    createdBy: album.createdBy,
    creator: personRef(album.createdBy, people),
    members: members.map((member) => ({
      userId: member.userId,
      canEdit: member.canEdit,
      user: personRef(member.userId, people),
    })),
    mediaItems: media.items,
    itemCount: media.itemCount,
    memberCount: members.length + 1,
    createdAt: album.createdAt.toISOString(),
  };
}
