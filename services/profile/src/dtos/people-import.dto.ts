import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import {
  DISPLAY_NAME_MAX,
  GENEALOGICAL_DATE_MAX,
  PERSON_NAME_MAX,
  PLACE_MAX,
  SEXES,
  STORY_MAX,
} from '@family/contract';

/** The most people one batch call carries: a GEDCOM import sends its people in chunks of this size. */
export const PEOPLE_BATCH_MAX = 2000;

/**
 * A date and place as a GEDCOM file gave them. Unlike a person's edit, a date that is not genealogical grammar
 * is kept as text (without its days): the import reports it, and the family can correct it later.
 */
export class ImportedEventDto {
  @IsOptional()
  @IsString()
  @MaxLength(GENEALOGICAL_DATE_MAX)
  date!: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(PLACE_MAX)
  place!: string | null;
}

export class ImportedPersonDto {
  @IsString()
  @MinLength(1)
  @MaxLength(DISPLAY_NAME_MAX)
  displayName!: string;

  @IsOptional()
  @IsString()
  @MaxLength(PERSON_NAME_MAX)
  givenName!: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(PERSON_NAME_MAX)
  surname!: string | null;

  @IsIn(SEXES)
  sex!: (typeof SEXES)[number];

  @IsOptional()
  @ValidateNested()
  @Type(() => ImportedEventDto)
  @IsObject()
  birth!: ImportedEventDto | null;

  @IsOptional()
  @ValidateNested()
  @Type(() => ImportedEventDto)
  @IsObject()
  death!: ImportedEventDto | null;

  @IsOptional()
  @IsString()
  @MaxLength(STORY_MAX)
  story!: string | null;
}

export class ImportPeopleDto {
  /** The member who imports: recorded in each person's history as who created them. */
  @IsInt()
  @Min(1)
  changedBy!: number;

  @IsArray()
  @ArrayMaxSize(PEOPLE_BATCH_MAX)
  @ValidateNested({ each: true })
  @Type(() => ImportedPersonDto)
  people!: ImportedPersonDto[];
}

export class MatchCandidateDto {
  @IsOptional()
  @IsString()
  @MaxLength(PERSON_NAME_MAX)
  givenName!: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(PERSON_NAME_MAX)
  surname!: string | null;

  @IsString()
  @MaxLength(GENEALOGICAL_DATE_MAX)
  birthDate!: string;
}

export class MatchPeopleDto {
  @IsArray()
  @ArrayMaxSize(PEOPLE_BATCH_MAX)
  @ValidateNested({ each: true })
  @Type(() => MatchCandidateDto)
  people!: MatchCandidateDto[];
}

export class DeletePeopleDto {
  @IsArray()
  @ArrayMaxSize(PEOPLE_BATCH_MAX)
  @IsInt({ each: true })
  ids!: number[];
}

export class EveryoneQueryDto {
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  after?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(PEOPLE_BATCH_MAX)
  limit?: number;
}
