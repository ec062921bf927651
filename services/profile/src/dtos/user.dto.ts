import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsInt, IsOptional, IsString, Length, MaxLength } from 'class-validator';
import { IsId, type UserSummary } from '@family/shared';
import type { ProfileEntity } from '../entities/profile.entity';

/** A person as the web app sees them (docs/api.md "Person"). */
export interface UserResponse extends UserSummary {
  email: string | null;
  dateOfBirth: string | null;
  story: string | null;
}

export function pictureUrl(profile: ProfileEntity): string | null {
  return profile.pictureKey ? `/api/users/${profile.userId}/picture?v=${profile.pictureVersion}` : null;
}

export function mapUserSummary(profile: ProfileEntity): UserSummary {
  return {
    id: profile.userId,
    username: profile.username,
    displayName: profile.displayName,
    profilePicture: pictureUrl(profile),
  };
}

export function mapUser(profile: ProfileEntity): UserResponse {
  return {
    ...mapUserSummary(profile),
    email: profile.email,
    dateOfBirth: profile.dateOfBirth,
    story: profile.story,
  };
}

/** Sent by the auth service once the account exists; it has checked the fields already. */
export class CreateProfileDto {
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

export class LookupUsersDto {
  @IsArray()
  @ArrayMaxSize(10000)
  @IsId({ each: true })
  @Type(() => Number)
  ids!: number[];
}
