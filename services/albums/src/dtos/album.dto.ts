import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, IsString, MaxLength, Min, MinLength, ValidateIf } from 'class-validator';
import {
  ALBUM_DESCRIPTION_MAX,
  ALBUM_NAME_MAX,
  type AddAlbumMemberRequest,
  type Album,
  type AlbumListQuery,
  type AlbumMediaSummary,
  type CreateAlbumRequest,
  type PersonSummary,
  type UpdateAlbumRequest,
} from '@family/contract';
import { IsId, personName, queryId, trim, trimToNull } from '@family/shared';
import type { ListedAlbum } from '../repositories/album.repository';

const NAME_REQUIRED = 'Album name is required';
const NAME_TOO_LONG = `Album name is too long: keep it under ${ALBUM_NAME_MAX} characters`;
const DESCRIPTION_TOO_LONG = 'The description is too long: keep it under 2,000 characters';
const DESCRIPTION_TEXT = 'The description must be text';
const IS_SHARED = 'isShared must be true or false';
const CAN_EDIT = 'canEdit must be true or false';
const SELECT_MEMBER = 'Please select a member';
const INVALID_USER_ID = 'userId must be the id of a person (a whole number)';

// Requests -----------------------------------------------------------------------------------------------------

/** POST /api/albums */
export class CreateAlbumDto implements CreateAlbumRequest {
  @Transform(trim)
  @MaxLength(ALBUM_NAME_MAX, { message: NAME_TOO_LONG })
  @MinLength(1, { message: NAME_REQUIRED })
  @IsString({ message: NAME_REQUIRED })
  name!: string;

  @IsOptional()
  @Transform(trimToNull)
  @MaxLength(ALBUM_DESCRIPTION_MAX, { message: DESCRIPTION_TOO_LONG })
  @IsString({ message: DESCRIPTION_TEXT })
  description?: string | null;

  @IsOptional()
  @IsBoolean({ message: IS_SHARED })
  isShared?: boolean;
}

/** PATCH /api/albums/{id}: only what is sent changes. */
export class UpdateAlbumDto implements UpdateAlbumRequest {
  // Left out means unchanged; null is no name at all.
  @ValidateIf((_dto, value) => value !== undefined)
  @Transform(trim)
  @MaxLength(ALBUM_NAME_MAX, { message: NAME_TOO_LONG })
  @MinLength(1, { message: NAME_REQUIRED })
  @IsString({ message: NAME_REQUIRED })
  name?: string;

  @IsOptional()
  @Transform(trimToNull)
  @MaxLength(ALBUM_DESCRIPTION_MAX, { message: DESCRIPTION_TOO_LONG })
  @IsString({ message: DESCRIPTION_TEXT })
  description?: string | null;

  @IsOptional()
  @IsBoolean({ message: IS_SHARED })
  isShared?: boolean;
}

/** GET /api/albums?userId=: only the albums that person created (and the caller may see). */
export class ListAlbumsQuery implements AlbumListQuery {
  @IsOptional()
  @Transform(queryId)
  @Min(1, { message: INVALID_USER_ID })
  @IsInt({ message: INVALID_USER_ID })
  userId?: number;
}

/** POST /api/albums/{id}/members */
export class AddMemberDto implements AddAlbumMemberRequest {
  @IsId({ message: SELECT_MEMBER })
  userId!: number;

  @IsOptional()
  @IsBoolean({ message: CAN_EDIT })
  canEdit?: boolean;
}

// Responses ----------------------------------------------------------------------------------------------------

export function mapAlbum(
  album: ListedAlbum,
  people: Map<number, PersonSummary>,
  media: AlbumMediaSummary = { itemCount: 0, items: [] },
): Album {
  return {
    id: album.id,
    name: album.name,
    description: album.description,
    isShared: album.isShared,
    createdBy: album.createdBy,
    creator: personName(album.createdBy, people),
    members: album.members.map((member) => ({
      userId: member.userId,
      canEdit: member.canEdit,
      user: personName(member.userId, people),
    })),
    mediaItems: media.items,
    itemCount: media.itemCount,
    memberCount: album.members.length + 1,
    createdAt: album.createdAt,
  };
}
