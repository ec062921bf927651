import { Injectable } from '@nestjs/common';
import { DataSource, type MigrationInterface, type QueryRunner } from 'typeorm';
import { type ChangeKind, CHANGE_KINDS, type OwnChangeKind } from '../change-cache';
import { currentRequest, type RequestContext } from '../request-context';

/**
 * docs/architecture.md "Caches": a service that keeps a short cache of its own data keeps, in its own schema, a
 * number per kind of that data, raised by triggers on its tables (OwnChangeKind).
 */
export class CreateChangeGenerations1764600000000 implements MigrationInterface {
  name = 'CreateChangeGenerations1764600000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE change_generations (kind varchar(40) PRIMARY KEY, generation bigint NOT NULL)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE change_generations`);
  }
}

/**
 * Where the owners of data other services cache (albums for `album-access`, profile for `people`) raise their
 * numbers: one table beside the job queue's, outside every service's schema, written by the owner and read by
 * those that cache. A change is announced by writing a row, not by calling the services that cache it, so no
 * call goes back from an owner to those that ask it (docs/architecture.md "Who calls whom").
 */
export const ANNOUNCED_CHANGES_TABLE = 'archive_changes.generations';

/**
 * Every service that announces or caches announced data runs this migration; the first to run makes the table,
 * the others find it (an advisory lock keeps two starting services from making it at once). Its down leaves the
 * table: other services still use it.
 */
export class CreateAnnouncedChanges1769450000000 implements MigrationInterface {
  name = 'CreateAnnouncedChanges1769450000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`SELECT pg_advisory_xact_lock(hashtext('archive_changes'))`);
    await db.query(`CREATE SCHEMA IF NOT EXISTS archive_changes`);
    await db.query(
      `CREATE TABLE IF NOT EXISTS ${ANNOUNCED_CHANGES_TABLE} (kind varchar(40) PRIMARY KEY, generation bigint NOT NULL)`,
    );
  }

  async down(): Promise<void> {}
}

/** The numbers a service reads: its own kinds from its schema, the announced ones from the shared table. */
const ALL_GENERATIONS = `SELECT kind, generation FROM change_generations WHERE kind NOT IN (${CHANGE_KINDS.map((kind) => `'${kind}'`).join(', ')})
  UNION ALL SELECT kind, generation FROM ${ANNOUNCED_CHANGES_TABLE}`;

/**
 * A column with every kind's number as JSON text (`{"album-access": "7", ...}`, null before any change), for a
 * statement that reads its data and the numbers in one go (ChangeGenerations.remember). Text, so that only the
 * first row's copy is parsed.
 */
export const CHANGE_GENERATIONS_COLUMN = `(SELECT json_object_agg(kind, generation::text)::text FROM (${ALL_GENERATIONS}) AS generations)`;

/** The numbers of a CHANGE_GENERATIONS_COLUMN. */
export function parseChangeGenerations(column: unknown): Record<string, string> {
  return typeof column === 'string' ? (JSON.parse(column) as Record<string, string>) : {};
}

/** Raises the number of a kind of data this service owns and others cache (docs/architecture.md "Caches"). */
@Injectable()
export class ChangeAnnouncements {
  constructor(private readonly db: DataSource) {}

  async raise(kind: ChangeKind): Promise<void> {
    await this.db.query(
      `INSERT INTO ${ANNOUNCED_CHANGES_TABLE} AS changes (kind, generation) VALUES ($1, 1)
       ON CONFLICT (kind) DO UPDATE SET generation = changes.generation + 1`,
      [kind],
    );
  }
}

@Injectable()
export class ChangeGenerations {
  /**
   * The numbers of every kind, read once per request: a list that checks album rights and then the people on
   * the page asks the database once, not once per kind. A number read when the request began is as safe as one
   * read later: a cached answer is used only if nothing was announced since it was read, so every change
   * announced before the request began is seen (docs/architecture.md "Caches").
   */
  private readonly perRequest = new WeakMap<RequestContext, Promise<Map<string, string>>>();

  constructor(private readonly db: DataSource) {}

  /** The current number of a kind of data ('0' before its first change). */
  async current(kind: ChangeKind | OwnChangeKind): Promise<string> {
    const request = currentRequest();
    let numbers = request && this.perRequest.get(request);
    if (!numbers) {
      numbers = this.readAll();
      if (request) this.perRequest.set(request, numbers);
    }
    return (await numbers).get(kind) ?? '0';
  }

  /**
   * The numbers as a statement of this request read them (CHANGE_GENERATIONS_COLUMN), kept as this request's own
   * unless it has read them already: the rest of the request asks the database no more.
   */
  remember(numbers: Record<string, string>): void {
    const request = currentRequest();
    if (request && !this.perRequest.has(request)) {
      this.perRequest.set(request, Promise.resolve(new Map(Object.entries(numbers))));
    }
  }

  private async readAll(): Promise<Map<string, string>> {
    const rows: Array<{ kind: string; generation: string }> = await this.db.query(
      `SELECT kind, generation::text AS generation FROM (${ALL_GENERATIONS}) AS generations`,
    );
    return new Map(rows.map((row) => [row.kind, row.generation]));
  }
}
