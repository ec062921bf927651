import { ConflictException, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, QueryFailedError, Repository } from 'typeorm';
import type { SummaryColumns } from '../dtos/user.dto';
import { MemoryEntity } from '../entities/memory.entity';
import { ProfileEntity } from '../entities/profile.entity';

/** The fields a person edits on their own profile. */
export type ProfileChanges = Partial<Pick<ProfileEntity, 'displayName' | 'email' | 'dateOfBirth' | 'story'>>;

@Injectable()
export class ProfileRepository {
  constructor(@InjectRepository(ProfileEntity) private readonly profiles: Repository<ProfileEntity>) {}

  findById(userId: number): Promise<ProfileEntity | null> {
    return this.profiles.findOneBy({ userId });
  }

  findByIds(userIds: number[]): Promise<ProfileEntity[]> {
    return this.profiles.findBy({ userId: In(userIds) });
  }

  /**
   * The directory's hot path (every list of every service): only the columns a summary shows, as plain rows,
   * without building entities.
   */
  summariesOf(userIds: number[]): Promise<SummaryColumns[]> {
    return this.profiles.query(
      `SELECT user_id AS "userId", username, display_name AS "displayName", picture_key AS "pictureKey",
              picture_version AS "pictureVersion"
         FROM profiles WHERE user_id = ANY($1::int[])`,
      [userIds],
    );
  }

  /** Every member (a person with an account), by name: one family is at most a few thousand people. */
  findAllMembers(): Promise<ProfileEntity[]> {
    return this.profiles
      .createQueryBuilder('profile')
      .where('profile.username IS NOT NULL')
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

  /**
   * A person without an account becomes a member (an invite was used): the username is set only on a row that
   * has none, so answers null when there is no such row.
   */
  async becomeMember(
    userId: number,
    changes: Pick<ProfileEntity, 'username'> & ProfileChanges,
  ): Promise<ProfileEntity | null> {
    try {
      const result = await this.profiles
        .createQueryBuilder()
        .update(ProfileEntity)
        .set(changes)
        .where('user_id = :userId AND username IS NULL', { userId })
        .execute();
      if (!result.affected) return null;
    } catch (error) {
      if (error instanceof QueryFailedError && (error.driverError as { code?: string }).code === '23505') {
        throw new ConflictException('That username is already taken. Please choose another.');
      }
      throw error;
    }
    return this.findById(userId);
  }

  /** Applies the changes and answers the row as it is now, or null when the person is gone. */
  async update(userId: number, changes: ProfileChanges): Promise<ProfileEntity | null> {
    if (Object.keys(changes).length > 0) await this.profiles.update({ userId }, changes);
    return this.findById(userId);
  }

  /** A picture number never used before (see the migration): a new picture's key and URL never repeat. */
  async nextPictureVersion(): Promise<number> {
    const [row] = await this.profiles.query(`SELECT nextval('picture_versions')::int AS version`);
    return (row as { version: number }).version;
  }

  /**
   * Makes `key` the person's picture unless a newer one got there first (two uploads at once).
   * Answers whether it did and the key it replaced.
   */
  replacePicture(
    userId: number,
    key: string,
    version: number,
  ): Promise<{ applied: boolean; previousKey: string | null }> {
    return this.profiles.manager.transaction(async (tx) => {
      const current = await tx
        .getRepository(ProfileEntity)
        .createQueryBuilder('profile')
        .setLock('pessimistic_write')
        .where('profile.user_id = :userId', { userId })
        .getOne();
      if (!current || current.pictureVersion >= version) return { applied: false, previousKey: null };
      await tx.getRepository(ProfileEntity).update({ userId }, { pictureKey: key, pictureVersion: version });
      return { applied: true, previousKey: current.pictureKey };
    });
  }

  /** Removes the person's profile and memories; answers the picture key the row still named, if any. */
  deleteWithMemories(userId: number): Promise<string | null> {
    return this.profiles.manager.transaction(async (tx) => {
      await tx.getRepository(MemoryEntity).delete({ userId });
      const result = await tx
        .createQueryBuilder()
        .delete()
        .from(ProfileEntity)
        .where('user_id = :userId', { userId })
        .returning(['picture_key'])
        .execute();
      const rows = result.raw as Array<{ picture_key: string | null }>;
      return rows[0]?.picture_key ?? null;
    });
  }

  /**
   * The family tree's people (POST /internal/people/lookup, on every tree drawn): only the columns a list item
   * shows, read as plain rows in one statement, without TypeORM building them column by column.
   */
  async listItemsOf(userIds: number[]): Promise<ProfileEntity[]> {
    const rows: Array<Partial<ProfileEntity>> = await this.profiles.query(
      `SELECT user_id AS "userId", username, display_name AS "displayName", picture_key AS "pictureKey",
              picture_version AS "pictureVersion", given_name AS "givenName", surname, sex,
              birth_date AS "birthDate", birth_place AS "birthPlace", died, death_date AS "deathDate",
              death_place AS "deathPlace"
         FROM profiles WHERE user_id = ANY($1::int[])`,
      [userIds],
    );
    return rows.map((row) => Object.assign(new ProfileEntity(), row));
  }
}
