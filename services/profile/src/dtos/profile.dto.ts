import { Transform } from 'class-transformer';
import { IsEmail, IsString, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { IsBirthday, trim, trimToNull } from '@family/shared';

export const MAX_STORY_LENGTH = 20_000;

const given = (_dto: object, value: unknown) => value !== undefined && value !== null;
/** PATCH /api/user/profile: only the fields sent change; null (or an empty email) clears a field. */
export class UpdateProfileDto {
  @ValidateIf(given)
  @IsBirthday({ message: 'Please enter a valid date in YYYY-MM-DD format' })
  dateOfBirth?: string | null;

  @Transform(trimToNull)
  @ValidateIf(given)
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(254, { message: 'Please enter a valid email address' })
  @IsString({ message: 'Please enter a valid email address' })
  email?: string | null;

  @Transform(trim)
  @ValidateIf((_dto, value) => value !== undefined)
  @MaxLength(80, { message: 'Display name must be at most 80 characters' })
  @MinLength(1, { message: 'Display name is required' })
  @IsString({ message: 'Display name is required' })
  displayName?: string;
}

/** POST /api/users/story: trimmed; an empty story (or null) clears it. */
export class UpdateStoryDto {
  @Transform(trimToNull)
  @ValidateIf((_dto, value) => value !== null)
  @MaxLength(MAX_STORY_LENGTH, { message: 'Your story is too long: keep it under 20,000 characters' })
  @IsString({ message: 'Please send your story as text' })
  story!: string | null;
}
