import { Transform, Type } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import {
  DISPLAY_NAME_MAX,
  PEOPLE_PAGE_MAX,
  PEOPLE_QUERY_MAX,
  PERSON_NAME_MAX,
  SEXES,
  STORY_MAX,
  type MergeProfileRequest,
  type PeopleQuery,
  type PersonFields,
  type Sex,
} from '@family/contract';
import { IsId, LifeEventDto, trim, trimToNull } from '@family/shared';

const given = (_dto: object, value: unknown) => value !== undefined && value !== null;

/** POST /api/people and PATCH /api/people/{id}: only the fields sent change; null clears one. */
export class PersonFieldsDto implements PersonFields {
  @Transform(trim)
  @ValidateIf((_dto, value) => value !== undefined)
  @MaxLength(DISPLAY_NAME_MAX, { message: `Display name must be at most ${DISPLAY_NAME_MAX} characters` })
  @MinLength(1, { message: 'Display name cannot be empty' })
  @IsString({ message: 'Display name must be text' })
  displayName?: string;

  @Transform(trimToNull)
  @ValidateIf(given)
  @MaxLength(PERSON_NAME_MAX, { message: `Given name must be at most ${PERSON_NAME_MAX} characters` })
  @IsString({ message: 'Given name must be text' })
  givenName?: string | null;

  @Transform(trimToNull)
  @ValidateIf(given)
  @MaxLength(PERSON_NAME_MAX, { message: `Surname must be at most ${PERSON_NAME_MAX} characters` })
  @IsString({ message: 'Surname must be text' })
  surname?: string | null;

  @IsOptional()
  @IsIn(SEXES, { message: 'Sex must be F, M, X or U (unknown)' })
  sex?: Sex;

  @ValidateIf(given)
  @ValidateNested()
  @Type(() => LifeEventDto)
  @IsObject({ message: 'Birth must be {date, place}' })
  birth?: LifeEventDto | null;

  @ValidateIf(given)
  @ValidateNested()
  @Type(() => LifeEventDto)
  @IsObject({ message: 'Death must be {date, place}' })
  death?: LifeEventDto | null;

  @Transform(trimToNull)
  @ValidateIf(given)
  @MaxLength(STORY_MAX, { message: 'The story is too long: keep it under 20,000 characters' })
  @IsString({ message: 'The story must be text' })
  story?: string | null;
}

export class PeopleQueryDto implements PeopleQuery {
  // Refused rather than cut: a search for the first 200 characters of something else would find the wrong people.
  // NFC, so an "é" typed as e and an accent finds the "é" a keyboard writes.
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().normalize('NFC') : value))
  @MaxLength(PEOPLE_QUERY_MAX, { message: `Search text must be at most ${PEOPLE_QUERY_MAX} characters` })
  @IsString({ message: 'Search text must be text' })
  q?: string;

  @IsOptional()
  @IsIn(['true', 'false'], { message: 'members must be true or false' })
  members?: 'true' | 'false';

  @IsOptional()
  @Type(() => Number)
  @Max(PEOPLE_PAGE_MAX, { message: `limit must be between 1 and ${PEOPLE_PAGE_MAX}` })
  @Min(1, { message: `limit must be between 1 and ${PEOPLE_PAGE_MAX}` })
  @IsInt({ message: `limit must be between 1 and ${PEOPLE_PAGE_MAX}` })
  limit?: number;

  @IsOptional()
  @MaxLength(400, { message: 'The cursor is not one this list gave out.' })
  @IsString({ message: 'The cursor is not one this list gave out.' })
  cursor?: string;
}

/** POST /internal/people/{id}/merge, sent by family (docs/architecture.md "Who calls whom"). */
export class MergeProfileDto implements MergeProfileRequest {
  @IsId()
  intoId!: number;

  @IsId()
  changedBy!: number;
}
