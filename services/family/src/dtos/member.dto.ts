import { Transform } from 'class-transformer';
import {
  IsEmail,
  IsOptional,
  IsString,
  MaxLength,
  MinLength,
  Validate,
  ValidatorConstraint,
  type ValidatorConstraintInterface,
} from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** Empty optional fields (and null) are treated as not given. */
const emptyToUndefined = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value ?? undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
};

/** A real calendar day written YYYY-MM-DD, from 1900-01-01 to today. */
@ValidatorConstraint({ name: 'birthday' })
export class BirthdayInRange implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
    const date = new Date(`${value}T00:00:00Z`);
    if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return false;
    return value >= '1900-01-01' && value <= new Date().toISOString().slice(0, 10);
  }
}

const USERNAME_RULE = 'Username must be at least 3 characters';
const PASSWORD_RULE = 'Password must be at least 6 characters';
const DISPLAY_NAME_RULE = 'Display name is required';

/**
 * POST /api/family/create-member: SPEC.md §5 "New family member form". The auth service adds its own
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
  @Validate(BirthdayInRange, { message: 'Birthday must be a date between 1900-01-01 and today (YYYY-MM-DD)' })
  birthday?: string;
}
