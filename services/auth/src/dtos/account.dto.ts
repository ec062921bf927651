import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsEmail,
  IsInt,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';
import {
  DISPLAY_NAME_MAX,
  EMAIL_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
  type ChangePasswordRequest,
  type CreateAccountRequest,
  type LoginRequest,
  type ResetPasswordRequest,
} from '@family/contract';
import { emptyToUndefined, IsBirthday, trim } from '@family/shared';

const USERNAME_RULE = `Username must be ${USERNAME_MIN} to ${USERNAME_MAX} characters: letters, digits, dot, underscore or hyphen.`;
const PASSWORD_RULE = `Password must be at least ${PASSWORD_MIN} characters`;
const PASSWORD_TOO_LONG = `Password must be at most ${PASSWORD_MAX} characters`;

export class RegisterDto implements CreateAccountRequest {
  // class-validator checks the decorator nearest the property first: "required" goes last.
  @Transform(trim)
  @Matches(/^[A-Za-z0-9._-]+$/, { message: USERNAME_RULE })
  @Length(USERNAME_MIN, USERNAME_MAX, { message: USERNAME_RULE })
  @IsString({ message: 'Username is required' })
  username!: string;

  @MaxLength(PASSWORD_MAX, { message: PASSWORD_TOO_LONG })
  @MinLength(PASSWORD_MIN, { message: PASSWORD_RULE })
  @IsString({ message: 'Password is required' })
  password!: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  @MaxLength(DISPLAY_NAME_MAX, { message: `Display name must be at most ${DISPLAY_NAME_MAX} characters` })
  displayName?: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(EMAIL_MAX, { message: 'Please enter a valid email address' })
  email?: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @IsBirthday({ message: 'Birthday must be a date between 1900-01-01 and today (YYYY-MM-DD)' })
  birthday?: string;

  /** An invite's code: the sign-up makes the invited person a member (allowed even with sign-up closed). */
  @IsOptional()
  @Transform(emptyToUndefined)
  @MaxLength(40, { message: 'This invite code is not valid.' })
  @IsString({ message: 'This invite code is not valid.' })
  inviteCode?: string;

  /** Set when a signed-in member adds a relative: allowed even with sign-up closed. */
  @IsOptional()
  @IsInt()
  invitedBy?: number;
}

/** POST /internal/invites (profile has checked the person exists and may be invited). */
export class CreateInviteDto {
  @IsInt()
  personId!: number;

  @IsInt()
  createdBy!: number;
}

export class LoginDto implements LoginRequest {
  @IsString({ message: 'Username is required' })
  @MinLength(1, { message: 'Username is required' })
  username!: string;

  @IsString({ message: 'Password is required' })
  @MinLength(1, { message: 'Password is required' })
  password!: string;
}

export class ResetPasswordDto implements ResetPasswordRequest {
  @Transform(trim)
  @IsString({ message: 'Username is required' })
  @MinLength(1, { message: 'Username is required' })
  username!: string;

  @MaxLength(PASSWORD_MAX, { message: PASSWORD_TOO_LONG })
  @MinLength(PASSWORD_MIN, { message: PASSWORD_RULE })
  @IsString({ message: 'New password is required' })
  newPassword!: string;

  @Transform(trim)
  @IsString({ message: 'Reset code is required' })
  @MinLength(1, { message: 'Reset code is required' })
  resetCode!: string;
}

export class ChangePasswordDto implements ChangePasswordRequest {
  @IsString({ message: 'Current password is required' })
  @MinLength(1, { message: 'Current password is required' })
  currentPassword!: string;

  @MaxLength(PASSWORD_MAX, { message: PASSWORD_TOO_LONG })
  @MinLength(PASSWORD_MIN, { message: PASSWORD_RULE })
  @IsString({ message: 'New password is required' })
  newPassword!: string;
}

export class AccountIdentity {
  id!: number;
  username!: string;
}

/** How many people without accounts a batch makes (a GEDCOM import, in chunks). */
export class CreatePeopleDto {
  @IsInt({ message: 'count must be a whole number' })
  @Min(1, { message: 'count must be between 1 and 5000' })
  @Max(5000, { message: 'count must be between 1 and 5000' })
  count!: number;
}

/** People without accounts to remove together (an import that failed). */
export class DeletePeopleDto {
  @IsArray({ message: 'ids must be a list of ids' })
  @ArrayMaxSize(5000, { message: 'At most 5000 ids at once' })
  @IsInt({ each: true, message: 'ids must be whole numbers' })
  ids!: number[];
}
