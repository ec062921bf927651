import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsInt, IsOptional, IsString, Length, MaxLength } from 'class-validator';
import type {
  BecomeMemberRequest,
  CreateProfileRequest,
  LookupPeopleRequest,
  PersonSummary,
  UserProfile,
} from '@family/contract';
import { IsId } from '@family/shared';
import type { ProfileEntity } from '../entities/profile.entity';

/** The columns a person's summary is made of. */
export type SummaryColumns = Pick<
  ProfileEntity,
  'userId' | 'username' | 'displayName' | 'pictureKey' | 'pictureVersion'
>;

export function pictureUrl(profile: SummaryColumns): string | null {
  return profile.pictureKey ? `/api/users/${profile.userId}/picture?v=${profile.pictureVersion}` : null;
}

export function mapPersonSummary(profile: SummaryColumns): PersonSummary {
  return {
    id: profile.userId,
    username: profile.username,
    displayName: profile.displayName,
    profilePicture: pictureUrl(profile),
  };
}

export function mapUser(profile: ProfileEntity): UserProfile {
  return {
    ...mapPersonSummary(profile),
    email: profile.email,
    dateOfBirth: profile.dateOfBirth,
    story: profile.story,
  };
}

/** Sent by the auth service once the account exists; it has checked the fields already. */
export class CreateProfileDto implements CreateProfileRequest {
  @IsInt()
  id!: number;

  @IsString()
  @Length(1, 40)
  username!: string;

  @IsString()
  @Length(1, 80)
  displayName!: string;

  @IsOptional()
  @IsString()
  @MaxLength(254)
  email?: string | null;

  @IsOptional()
  @IsString()
  dateOfBirth?: string | null;
}

/** Sent by auth when an invite is used; it has checked the fields already. */
export class BecomeMemberDto implements BecomeMemberRequest {
  @IsString()
  @Length(1, 40)
  username!: string;

  @IsOptional()
  @IsString()
  @Length(1, 80)
  displayName!: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(254)
  email!: string | null;

  @IsOptional()
  @IsString()
  dateOfBirth!: string | null;
}

export class LookupUsersDto implements LookupPeopleRequest {
  @IsArray()
  @ArrayMaxSize(10000)
  @IsId({ each: true })
  @Type(() => Number)
  ids!: number[];
}
