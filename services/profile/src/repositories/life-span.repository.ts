import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { LifeSpan } from '@family/contract';

/** When people can have lived, from their genealogical dates (and a member's date of birth), in one statement. */
@Injectable()
export class LifeSpanRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async lifeSpans(ids: number[]): Promise<LifeSpan[]> {
    if (ids.length === 0) return [];
    return this.db.query(
      `SELECT user_id AS id, COALESCE(birth_earliest, date_of_birth)::text AS "bornEarliest", death_latest::text AS "diedLatest"
         FROM profiles WHERE user_id = ANY($1::int[]) ORDER BY user_id`,
      [ids],
    );
  }
}
