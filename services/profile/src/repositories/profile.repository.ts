import { ConflictException, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, QueryFailedError, Repository } from 'typeorm';
import { ProfileEntity } from '../entities/profile.entity';

@Injectable()
export class ProfileRepository {
  constructor(@InjectRepository(ProfileEntity) private readonly profiles: Repository<ProfileEntity>) {}

  findById(userId: number): Promise<ProfileEntity | null> {
    return this.profiles.findOneBy({ userId });
  }

  findByIds(userIds: number[]): Promise<ProfileEntity[]> {
    return this.profiles.findBy({ userId: In(userIds) });
  }

  /** Everyone, by name: one family is at most a few thousand people. */
  findAll(): Promise<ProfileEntity[]> {
    return this.profiles
      .createQueryBuilder('profile')
      .orderBy('lower(profile.display_name)')
      .addOrderBy('profile.user_id')
      .getMany();
  }

  async create(profile: Pick<ProfileEntity, 'userId' | 'username' | 'displayName' | 'email' | 'dateOfBirth'>) {
    try {
      await this.profiles.insert({ ...profile, story: null, pictureKey: null, pictureVersion: 0 });
    } catch (error) {
      if (error instanceof QueryFailedError && (error.driverError as { code?: string }).code === '23505') {
        throw new ConflictException('That username is already taken. Please choose another.');
      }
      throw error;
    }
    return (await this.findById(profile.userId))!;
  }

  async delete(userId: number): Promise<void> {
    await this.profiles.delete({ userId });
  }
}
