import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository, type EntityManager } from 'typeorm';
import type { PersonFields } from '@family/contract';
import { PersonChangeEntity } from '../entities/person-change.entity';
import { ProfileEntity } from '../entities/profile.entity';
import type { PersonColumns } from '../services/person-fields';

/** Where a page of people ends: the last row's sort key. */
export interface PeopleCursor {
  name: string;
  id: number;
}

export interface ChangeRecord {
  personId: number;
  action: PersonChangeEntity['action'];
  before: PersonFields;
  after: PersonFields;
  changedBy: number | null;
}

/** Escapes LIKE's wildcards so a search for "50%" finds "50%". */
const likeText = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

@Injectable()
export class PersonRepository {
  constructor(
    @InjectRepository(ProfileEntity) private readonly profiles: Repository<ProfileEntity>,
    @InjectRepository(PersonChangeEntity) private readonly changes: Repository<PersonChangeEntity>,
    private readonly db: DataSource,
  ) {}

  /**
   * One page of everyone, by name, after `cursor`; `q` matches any part of any name (the trigram index on
   * name_search). Answers one row more than asked when there is a next page.
   */
  page(q: string | undefined, limit: number, cursor: PeopleCursor | null): Promise<ProfileEntity[]> {
    const query = this.profiles.createQueryBuilder('profile');
    if (q) query.andWhere(`profile.name_search LIKE :pattern`, { pattern: `%${likeText(q.toLowerCase())}%` });
    if (cursor) {
      query.andWhere('(lower(profile.display_name), profile.user_id) > (:name, :id)', {
        name: cursor.name,
        id: cursor.id,
      });
    }
    return query
      .orderBy('lower(profile.display_name)')
      .addOrderBy('profile.user_id')
      .limit(limit + 1)
      .getMany();
  }

  findById(id: number): Promise<ProfileEntity | null> {
    return this.profiles.findOneBy({ userId: id });
  }

  /** A person without an account and the record of their creation, together. */
  async create(id: number, columns: PersonColumns, change: Omit<ChangeRecord, 'personId'>): Promise<ProfileEntity> {
    await this.db.transaction(async (tx) => {
      await tx.insert(ProfileEntity, {
        ...columns,
        userId: id,
        username: null,
        email: null,
        dateOfBirth: null,
        pictureKey: null,
        pictureVersion: 0,
      });
      await tx.insert(PersonChangeEntity, { ...change, personId: id, undoneBy: null });
    });
    return (await this.findById(id))!;
  }

  /**
   * Locks the person's row, lets `decide` work out the change from the row as it is, writes the columns and the
   * record together. `decide` answers null to change nothing. Answers the row as it is now, or null if gone.
   */
  async change(
    id: number,
    decide: (
      current: ProfileEntity,
    ) => { columns: PersonColumns; record: Omit<ChangeRecord, 'personId'>; undoes?: number } | null,
  ): Promise<{ profile: ProfileEntity; changeId: number | null } | null> {
    return this.db.transaction(async (tx) => {
      const current = await this.locked(tx, id);
      if (!current) return null;
      const decision = decide(current);
      if (!decision) return { profile: current, changeId: null };
      await tx.update(ProfileEntity, { userId: id }, decision.columns);
      const inserted = await tx.insert(PersonChangeEntity, { ...decision.record, personId: id, undoneBy: null });
      const changeId = (inserted.identifiers[0] as { id: number }).id;
      if (decision.undoes !== undefined) {
        await tx.update(PersonChangeEntity, { id: decision.undoes }, { undoneBy: changeId });
      }
      return { profile: (await this.locked(tx, id))!, changeId };
    });
  }

  private locked(tx: EntityManager, id: number): Promise<ProfileEntity | null> {
    return tx
      .getRepository(ProfileEntity)
      .createQueryBuilder('profile')
      .setLock('pessimistic_write')
      .where('profile.user_id = :id', { id })
      .getOne();
  }

  /** A person's history, newest first. */
  history(personId: number): Promise<PersonChangeEntity[]> {
    return this.changes.find({ where: { personId }, order: { id: 'DESC' } });
  }

  findChange(personId: number, id: number): Promise<PersonChangeEntity | null> {
    return this.changes.findOneBy({ personId, id });
  }

  /** The history goes with the person (the profile itself is removed with the purge). */
  async deleteHistory(personId: number): Promise<void> {
    await this.changes.delete({ personId });
  }
}
