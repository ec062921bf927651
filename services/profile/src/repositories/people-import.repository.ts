import { Injectable } from '@nestjs/common';
import { DataSource, In, IsNull, MoreThan } from 'typeorm';
import type { PersonFields } from '@family/contract';
import { PersonChangeEntity } from '../entities/person-change.entity';
import { ProfileEntity } from '../entities/profile.entity';
import type { PersonColumns } from '../services/person-fields';

export interface MatchKey {
  givenName: string;
  surname: string;
  birthDate: string;
  earliest: string | null;
  latest: string | null;
}

/** Rows per INSERT statement: far below Postgres's 65,535 parameters for a profile's 20 columns. */
const ROWS_PER_INSERT = 1000;

@Injectable()
export class PeopleImportRepository {
  constructor(private readonly db: DataSource) {}

  /** Profiles and their creation records, all in one transaction: every one is there, or none. */
  async createMany(
    rows: { id: number; columns: PersonColumns; created: PersonFields }[],
    changedBy: number,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
        const chunk = rows.slice(start, start + ROWS_PER_INSERT);
        await tx.insert(
          ProfileEntity,
          chunk.map((row) => ({
            ...row.columns,
            userId: row.id,
            username: null,
            email: null,
            dateOfBirth: null,
            pictureKey: null,
            pictureVersion: 0,
          })),
        );
        await tx.insert(
          PersonChangeEntity,
          chunk.map((row) => ({
            personId: row.id,
            action: 'create' as const,
            before: {},
            after: row.created,
            changedBy,
            undoneBy: null,
          })),
        );
      }
    });
  }

  /**
   * One statement for all candidates: the same given name and surname (ignoring case; a member known only by
   * a display name matches "given surname"), and the same birth date text or the same days (a member's
   * birthday counts for an exact day). The lowest id wins when several match.
   */
  async match(keys: MatchKey[]): Promise<(number | null)[]> {
    if (keys.length === 0) return [];
    const rows: { ord: number; id: number }[] = await this.db.query(
      `SELECT DISTINCT ON (c.ord) c.ord, p.user_id AS id
         FROM unnest($1::text[], $2::text[], $3::text[], $4::date[], $5::date[])
              WITH ORDINALITY AS c(given, surname, birth, earliest, latest, ord)
         JOIN profiles p
           ON ((lower(coalesce(p.given_name, '')) = c.given AND lower(coalesce(p.surname, '')) = c.surname
                AND (p.given_name IS NOT NULL OR p.surname IS NOT NULL))
               OR (p.given_name IS NULL AND p.surname IS NULL
                   AND lower(p.display_name) = btrim(c.given || ' ' || c.surname)))
          AND (lower(p.birth_date) = c.birth
               OR (c.earliest IS NOT NULL AND p.birth_earliest = c.earliest AND p.birth_latest = c.latest)
               OR (c.earliest IS NOT NULL AND c.earliest = c.latest AND p.date_of_birth = c.earliest))
        ORDER BY c.ord, p.user_id`,
      [
        keys.map((key) => key.givenName),
        keys.map((key) => key.surname),
        keys.map((key) => key.birthDate),
        keys.map((key) => key.earliest),
        keys.map((key) => key.latest),
      ],
    );
    const found = new Map(rows.map((row) => [Number(row.ord), row.id]));
    return keys.map((_key, index) => found.get(index + 1) ?? null);
  }

  /** Removes the people without accounts among `ids`, with their history; answers whose rows went. */
  async deleteWithoutAccount(ids: number[]): Promise<number[]> {
    return this.db.transaction(async (tx) => {
      const rows = await tx.find(ProfileEntity, {
        select: { userId: true },
        where: { userId: In(ids), username: IsNull() },
      });
      const removable = rows.map((row) => row.userId);
      if (removable.length === 0) return [];
      await tx.delete(PersonChangeEntity, { personId: In(removable) });
      await tx.delete(ProfileEntity, { userId: In(removable) });
      return removable;
    });
  }

  page(after: number, limit: number): Promise<ProfileEntity[]> {
    return this.db
      .getRepository(ProfileEntity)
      .find({ where: { userId: MoreThan(after) }, order: { userId: 'ASC' }, take: limit });
  }
}
