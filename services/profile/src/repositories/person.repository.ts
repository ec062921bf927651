import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository, type EntityManager } from 'typeorm';
import type { PersonFields } from '@family/contract';
import { PersonChangeEntity } from '../entities/person-change.entity';
import { ProfileEntity } from '../entities/profile.entity';
import type { PersonColumns } from '../services/person-fields';

/**
 * Where a page of people ends: the last row's sort key. A search's key leads with the rank (`guest`: without an
 * account; `match`: 0 the display name begins with the text, 1 a name does, 2 it is inside one); a list without
 * search text is by name alone.
 */
export type PeopleCursor = NameKey | RankedKey;

interface NameKey {
  name: string;
  id: number;
}

interface RankedKey extends NameKey {
  guest: boolean;
  match: number;
}

/** A page of people with each row's sort key, for the next page's cursor. */
export interface PeoplePageRows {
  rows: ProfileEntity[];
  keys: RankedKey[];
}

/** What a people list asks for: the search text as typed (trimmed), members only, page size, where to go on. */
export interface PeopleFilter {
  q?: string;
  membersOnly: boolean;
  limit: number;
  cursor: PeopleCursor | null;
}

export interface ChangeRecord {
  personId: number;
  action: PersonChangeEntity['action'];
  before: PersonFields;
  after: PersonFields;
  changedBy: number | null;
}

/** Search text shorter than this (in characters) matches the start of a name's words only. */
export const SHORT_SEARCH = 3;

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
   * One page of everyone, or of the members, after `cursor`; `q` matches any part of any name, literally, from
   * three characters on (the trigram index on name_search serves `LIKE '%…%'`), and the start of a name's word
   * when shorter (reading the table, a few milliseconds at 20,000 people). With `q` the rows are ranked
   * (docs/api.md "People"): members first, then by how the text meets the names, then by name; the keyset is that
   * whole key. Answers one row more than asked when there is a next page.
   */
  async page({ q, membersOnly, limit, cursor }: PeopleFilter): Promise<PeoplePageRows> {
    const query = this.profiles.createQueryBuilder('profile');
    const ranked = Boolean(q);
    // Lower-cased by Postgres, as name_search is, so both sides agree on every letter.
    const guest = 'profile.username IS NULL';
    const match = ranked
      ? `CASE WHEN lower(profile.display_name) LIKE lower(:prefix) THEN 0
              WHEN ' ' || profile.name_search LIKE lower(:wordPrefix) THEN 1 ELSE 2 END`
      : '0';
    query
      .addSelect(guest, 'sort_guest')
      .addSelect(match, 'sort_match')
      .addSelect('lower(profile.display_name)', 'sort_name');
    if (q) {
      const text = likeText(q);
      const params = { pattern: `%${text}%`, prefix: `${text}%`, wordPrefix: `% ${text}%` };
      // One or two letters are inside nearly every name: they find the names that begin with them, which also
      // spares ranking the whole archive (docs/api.md "People").
      if ([...q].length < SHORT_SEARCH)
        query.andWhere(
          `(profile.name_search LIKE lower(:prefix) OR profile.name_search LIKE lower(:wordPrefix))`,
          params,
        );
      else query.andWhere(`profile.name_search LIKE lower(:pattern)`, params);
    }
    if (membersOnly) query.andWhere('profile.username IS NOT NULL');
    if (cursor) {
      if (ranked && 'guest' in cursor) {
        query.andWhere(
          `(${guest}, ${match}, lower(profile.display_name), profile.user_id) > (:cGuest, :cMatch, :cName, :cId)`,
          {
            cGuest: cursor.guest,
            cMatch: cursor.match,
            cName: cursor.name,
            cId: cursor.id,
          },
        );
      } else {
        query.andWhere('(lower(profile.display_name), profile.user_id) > (:cName, :cId)', {
          cName: cursor.name,
          cId: cursor.id,
        });
      }
    }
    // By the selected keys' names, so each expression is written (and its parameters bound) once.
    if (ranked) query.orderBy('sort_guest').addOrderBy('sort_match');
    query
      .addOrderBy('sort_name')
      .addOrderBy('profile.user_id')
      .limit(limit + 1);
    const { entities, raw } = await query.getRawAndEntities<{
      sort_guest: boolean;
      sort_match: number;
      sort_name: string;
      profile_user_id: number;
    }>();
    return {
      rows: entities,
      keys: raw.map((row) => ({
        guest: row.sort_guest,
        match: Number(row.sort_match),
        name: row.sort_name,
        id: row.profile_user_id,
      })),
    };
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
