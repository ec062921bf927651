import { Transform } from 'class-transformer';
import { IsEmail, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { emptyToUndefined, IsBirthday, trim } from '@family/shared';

const USERNAME_RULE = 'Username must be at least 3 characters';
const PASSWORD_RULE = 'Password must be at least 6 characters';
const DISPLAY_NAME_RULE = 'Display name is required';

/**
 * POST /api/family/create-member: docs/product.md "New family member form". The auth service adds its own
 * account rules (allowed username characters, a username not yet taken) and answers with its sentence.
 */
export class CreateMemberDto {
  @Transform(trim)
  @MaxLength(40, { message: 'Username must be at most 40 characters' })
  @MinLength(3, { message: USERNAME_RULE })
  @IsString({ message: USERNAME_RULE })
  username!: string;

  @Transform(trim)
  @MaxLength(80, { message: 'Display name must be at most 80 characters' })
  @MinLength(1, { message: DISPLAY_NAME_RULE })
  @IsString({ message: DISPLAY_NAME_RULE })
  displayName!: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @MaxLength(254, { message: 'Invalid email' })
  @IsEmail({}, { message: 'Invalid email' })
  email?: string;

  @MaxLength(200, { message: 'Password must be at most 200 characters' })
  @MinLength(6, { message: PASSWORD_RULE })
  @IsString({ message: PASSWORD_RULE })
  password!: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @IsBirthday({ message: 'Birthday must be a date between 1900-01-01 and today (YYYY-MM-DD)' })
  birthday?: string;
}
