import { Transform } from 'class-transformer';
import { IsEmail, IsString, MaxLength, MinLength, ValidateIf } from 'class-validator';
import {
  DISPLAY_NAME_MAX,
  EMAIL_MAX,
  STORY_MAX,
  type UpdateProfileRequest,
  type UpdateStoryRequest,
} from '@family/contract';
import { IsBirthday, trim, trimToNull } from '@family/shared';

const given = (_dto: object, value: unknown) => value !== undefined && value !== null;
/** PATCH /api/user/profile: only the fields sent change; null (or an empty email) clears a field. */
export class UpdateProfileDto implements UpdateProfileRequest {
  @ValidateIf(given)
  @IsBirthday({ message: 'Please enter a valid date in YYYY-MM-DD format' })
  dateOfBirth?: string | null;

  @Transform(trimToNull)
  @ValidateIf(given)
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(EMAIL_MAX, { message: 'Please enter a valid email address' })
  @IsString({ message: 'Please enter a valid email address' })
  email?: string | null;

  @Transform(trim)
  @ValidateIf((_dto, value) => value !== undefined)
  @MaxLength(DISPLAY_NAME_MAX, { message: `Display name must be at most ${DISPLAY_NAME_MAX} characters` })
  @MinLength(1, { message: 'Display name is required' })
  @IsString({ message: 'Display name is required' })
  displayName?: string;
}

/** POST /api/users/story: trimmed; an empty story (or null) clears it. */
export class UpdateStoryDto implements UpdateStoryRequest {
  @Transform(trimToNull)
  @ValidateIf((_dto, value) => value !== null)
  @MaxLength(STORY_MAX, { message: 'Your story is too long: keep it under 20,000 characters' })
  @IsString({ message: 'Please send your story as text' })
  story!: string | null;
}
