import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsOptional,
  IsString,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { ALBUM_DESCRIPTION_MAX, ALBUM_NAME_MAX } from '@family/contract';

export class ImportedMemberDto {
  @IsInt()
  @Min(1)
  userId!: number;

  @IsBoolean()
  canEdit!: boolean;
}

/** POST /internal/takeout/albums: an album of an export, made (or found again) as the importing member. */
export class ImportAlbumDto {
  @IsInt()
  @Min(1)
  createdBy!: number;

  /** `<archiveId>:<album id there>`. */
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  source!: string;

  @IsString()
  @MinLength(1)
  @MaxLength(ALBUM_NAME_MAX)
  name!: string;

  @IsOptional()
  @IsString()
  @MaxLength(ALBUM_DESCRIPTION_MAX)
  description!: string | null;

  @IsBoolean()
  isShared!: boolean;

  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => ImportedMemberDto)
  members!: ImportedMemberDto[];
}

/** POST /internal/takeout/albums/delete: the albums a failed import made. */
export class DeleteImportedAlbumsDto {
  @IsArray()
  @ArrayMaxSize(10_000)
  @IsInt({ each: true })
  ids!: number[];
}
