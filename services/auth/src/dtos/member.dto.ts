import { Transform } from 'class-transformer';
import { IsEmail, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import {
  DISPLAY_NAME_MAX,
  EMAIL_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
  type CreateMemberRequest,
} from '@family/contract';
import { emptyToUndefined, IsBirthday, trim } from '@family/shared';

const USERNAME_RULE = `Username must be at least ${USERNAME_MIN} characters`;
const PASSWORD_RULE = `Password must be at least ${PASSWORD_MIN} characters`;
const DISPLAY_NAME_RULE = 'Display name is required';
const USERNAME_CHARACTERS = `Username must be ${USERNAME_MIN} to ${USERNAME_MAX} characters: letters, digits, dot, underscore or hyphen.`;

/**
 * POST /api/family/create-member: docs/product.md "New family member form", with its sentences; then the rules of
 * every account (allowed username characters here, a username not yet taken in AccountService).
 */
export class CreateMemberDto implements CreateMemberRequest {
  // class-validator checks the decorator nearest the property first: the form's own sentences come before.
  @Matches(/^[A-Za-z0-9._-]+$/, { message: USERNAME_CHARACTERS })
  @Transform(trim)
  @MaxLength(USERNAME_MAX, { message: `Username must be at most ${USERNAME_MAX} characters` })
  @MinLength(USERNAME_MIN, { message: USERNAME_RULE })
  @IsString({ message: USERNAME_RULE })
  username!: string;

  @Transform(trim)
  @MaxLength(DISPLAY_NAME_MAX, { message: `Display name must be at most ${DISPLAY_NAME_MAX} characters` })
  @MinLength(1, { message: DISPLAY_NAME_RULE })
  @IsString({ message: DISPLAY_NAME_RULE })
  displayName!: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @MaxLength(EMAIL_MAX, { message: 'Invalid email' })
  @IsEmail({}, { message: 'Invalid email' })
  email?: string;

  @MaxLength(PASSWORD_MAX, { message: `Password must be at most ${PASSWORD_MAX} characters` })
  @MinLength(PASSWORD_MIN, { message: PASSWORD_RULE })
  @IsString({ message: PASSWORD_RULE })
  password!: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @IsBirthday({ message: 'Birthday must be a date between 1900-01-01 and today (YYYY-MM-DD)' })
  birthday?: string;
}
