import { Transform } from 'class-transformer';
import { IsEmail, IsInt, IsOptional, IsString, Length, Matches, MaxLength, MinLength } from 'class-validator';
import { emptyToUndefined, IsBirthday, trim } from '@family/shared';

const USERNAME_RULE = 'Username must be 3 to 40 characters: letters, digits, dot, underscore or hyphen.';
const PASSWORD_RULE = 'Password must be at least 6 characters';

export class RegisterDto {
  // class-validator checks the decorator nearest the property first: "required" goes last.
  @Transform(trim)
  @Matches(/^[A-Za-z0-9._-]+$/, { message: USERNAME_RULE })
  @Length(3, 40, { message: USERNAME_RULE })
  @IsString({ message: 'Username is required' })
  username!: string;

  @MaxLength(200, { message: 'Password must be at most 200 characters' })
  @MinLength(6, { message: PASSWORD_RULE })
  @IsString({ message: 'Password is required' })
  password!: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  @MaxLength(80, { message: 'Display name must be at most 80 characters' })
  displayName?: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(254, { message: 'Please enter a valid email address' })
  email?: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @IsBirthday({ message: 'Birthday must be a date between 1900-01-01 and today (YYYY-MM-DD)' })
  birthday?: string;

  /** Set when a signed-in member adds a relative: allowed even with sign-up closed. */
  @IsOptional()
  @IsInt()
  invitedBy?: number;
}

export class LoginDto {
  @IsString({ message: 'Username is required' })
  @MinLength(1, { message: 'Username is required' })
  username!: string;

  @IsString({ message: 'Password is required' })
  @MinLength(1, { message: 'Password is required' })
  password!: string;
}

export class ResetPasswordDto {
  @Transform(trim)
  @IsString({ message: 'Username is required' })
  @MinLength(1, { message: 'Username is required' })
  username!: string;

  @MaxLength(200, { message: 'Password must be at most 200 characters' })
  @MinLength(6, { message: PASSWORD_RULE })
  @IsString({ message: 'New password is required' })
  newPassword!: string;

  @Transform(trim)
  @IsString({ message: 'Reset code is required' })
  @MinLength(1, { message: 'Reset code is required' })
  resetCode!: string;
}

export class ChangePasswordDto {
  @IsString({ message: 'Current password is required' })
  @MinLength(1, { message: 'Current password is required' })
  currentPassword!: string;

  @MaxLength(200, { message: 'Password must be at most 200 characters' })
  @MinLength(6, { message: PASSWORD_RULE })
  @IsString({ message: 'New password is required' })
  newPassword!: string;
}

export class AccountIdentity {
  id!: number;
  username!: string;
}
