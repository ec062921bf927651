import { Injectable, UnauthorizedException } from '@nestjs/common';
import type { UserProfile } from '@family/contract';
import type { Identity } from '@family/shared';
import type { UpdateProfileDto, UpdateStoryDto } from '../dtos/profile.dto';
import { mapUser } from '../dtos/user.dto';
import type { ProfileEntity } from '../entities/profile.entity';
import { ProfileRepository, type ProfileChanges } from '../repositories/profile.repository';

/** A person's own profile fields. Every method acts on the signed-in person only: nobody edits someone else. */
@Injectable()
export class ProfileService {
  constructor(private readonly profiles: ProfileRepository) {}

  async update(user: Identity, dto: UpdateProfileDto): Promise<UserProfile> {
    const changes: ProfileChanges = {};
    if (dto.dateOfBirth !== undefined) changes.dateOfBirth = dto.dateOfBirth;
    if (dto.email !== undefined) changes.email = dto.email;
    if (dto.displayName !== undefined) changes.displayName = dto.displayName;
    return mapUser(signedInProfile(await this.profiles.update(user.id, changes)));
  }

  async updateStory(user: Identity, dto: UpdateStoryDto): Promise<UserProfile> {
    return mapUser(signedInProfile(await this.profiles.update(user.id, { story: dto.story })));
  }
}

/** The account was deleted while this session lived on: treat it as signed out (as GET /api/user does). */
export function signedInProfile(profile: ProfileEntity | null): ProfileEntity {
  if (!profile) throw new UnauthorizedException('Please sign in to continue.');
  return profile;
}
