import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsISO8601,
  IsOptional,
  IsString,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { MEMORY_CONTENT_MAX, MEMORY_TITLE_MAX, STORY_MAX } from '@family/contract';

/** POST /internal/takeout/usernames: the members with these usernames. */
export class UsernamesDto {
  @IsArray()
  @ArrayMaxSize(1000)
  @IsString({ each: true })
  @MaxLength(40, { each: true })
  usernames!: string[];
}

export class RestoredMemoryDto {
  @IsString()
  @MaxLength(MEMORY_TITLE_MAX)
  title!: string;

  @IsString()
  @MaxLength(MEMORY_CONTENT_MAX)
  content!: string;

  /** When it was written in the exporting archive; kept, so the profile shows it in its place (else now). */
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'createdAt must be an ISO timestamp' })
  createdAt?: string;
}

/** POST /internal/takeout/profile: a member's story and own memories from an export, kept where theirs are empty. */
export class RestoreProfileDto {
  @IsInt()
  @Min(1)
  userId!: number;

  @IsOptional()
  @IsString()
  @MaxLength(STORY_MAX)
  story!: string | null;

  @IsArray()
  @ArrayMaxSize(10_000)
  @ValidateNested({ each: true })
  @Type(() => RestoredMemoryDto)
  memories!: RestoredMemoryDto[];

  /** More memories of the same import, after the first call took its memories: written without the check. */
  @IsOptional()
  @IsBoolean()
  append?: boolean;
}

/** POST /internal/takeout/profile/undo: what a failed import wrote is taken back. */
export class UndoRestoreDto {
  @IsInt()
  @Min(1)
  userId!: number;

  @IsBoolean()
  story!: boolean;

  @IsArray()
  @ArrayMaxSize(10_000)
  @IsInt({ each: true })
  memoryIds!: number[];
}
