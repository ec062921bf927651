import { ConflictException, Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import type { PersonSummary, UserProfile } from '@family/contract';
import type { Identity } from '@family/shared';
import { mapPersonSummary, mapUser, type BecomeMemberDto, type CreateProfileDto } from '../dtos/user.dto';
import { ProfileRepository, type ProfileChanges } from '../repositories/profile.repository';

/** The people directory: who is in the family and what the rest of the archive shows of them. */
@Injectable()
export class DirectoryService {
  constructor(private readonly profiles: ProfileRepository) {}

  async current(user: Identity): Promise<UserProfile> {
    const profile = await this.profiles.findById(user.id);
    // The account was deleted while this session lived on: treat it as signed out.
    if (!profile) throw new UnauthorizedException('Please sign in to continue.');
    return mapUser(profile);
  }

  /** GET /api/users: members only; people without accounts are listed by GET /api/people. */
  async list(): Promise<PersonSummary[]> {
    return (await this.profiles.findAllMembers()).map(mapPersonSummary);
  }

  async get(id: number): Promise<UserProfile> {
    const profile = await this.profiles.findById(id);
    if (!profile) throw new NotFoundException('This person is not in the family archive.');
    return mapUser(profile);
  }

  async create(dto: CreateProfileDto): Promise<UserProfile> {
    const profile = await this.profiles.create({
      userId: dto.id,
      username: dto.username,
      displayName: dto.displayName,
      email: dto.email ?? null,
      dateOfBirth: dto.dateOfBirth ?? null,
    });
    return mapUser(profile);
  }

  /** An invite was used: the person keeps their id, profile and everything attached, and can now sign in. */
  async becomeMember(id: number, dto: BecomeMemberDto): Promise<UserProfile> {
    const changes: ProfileChanges & { username: string } = { username: dto.username };
    if (dto.displayName) changes.displayName = dto.displayName;
    if (dto.email) changes.email = dto.email;
    if (dto.dateOfBirth) changes.dateOfBirth = dto.dateOfBirth;
    const profile = await this.profiles.becomeMember(id, changes);
    if (!profile) throw new ConflictException('This invite is for someone who already has an account.');
    return mapUser(profile);
  }

  async lookup(ids: number[]): Promise<PersonSummary[]> {
    return (await this.profiles.summariesOf([...new Set(ids)])).map(mapPersonSummary);
  }
}
