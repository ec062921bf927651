import { BadRequestException, Controller, HttpCode, Injectable, Param, type PipeTransform, Post } from '@nestjs/common';
import { DataSource, type MigrationInterface, type QueryRunner } from 'typeorm';
import { type ChangeKind, CHANGE_KINDS, type OwnChangeKind } from '../change-cache';
import { currentRequest, type RequestContext } from '../request-context';
import { Internal } from './decorators';

/**
 * docs/architecture.md "Caches": a service that keeps a short cache of what another service owns (album rights,
 * the people directory) keeps, in its own schema, a number per kind of data that the owner raises on every change.
 * A cached answer is used only while that number is the one it was read under, so every copy of the service sees
 * a change as soon as the owner has answered.
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
 * A column with every kind's number as JSON text (`{"album-access": "7", ...}`, null before any change), for a
 * statement that reads its data and the numbers in one go (ChangeGenerations.remember). Text, so that only the
 * first row's copy is parsed.
 */
export const CHANGE_GENERATIONS_COLUMN = `(SELECT json_object_agg(kind, generation::text)::text FROM change_generations)`;

/** The numbers of a CHANGE_GENERATIONS_COLUMN. */
export function parseChangeGenerations(column: unknown): Record<string, string> {
  return typeof column === 'string' ? (JSON.parse(column) as Record<string, string>) : {};
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
      `SELECT kind, generation::text AS generation FROM change_generations`,
    );
    return new Map(rows.map((row) => [row.kind, row.generation]));
  }

  async raise(kind: ChangeKind): Promise<void> {
    await this.db.query(
      `INSERT INTO change_generations (kind, generation) VALUES ($1, 1)
       ON CONFLICT (kind) DO UPDATE SET generation = change_generations.generation + 1`,
      [kind],
    );
  }
}

class ParseChangeKindPipe implements PipeTransform<string, ChangeKind> {
  transform(value: string): ChangeKind {
    if (!(CHANGE_KINDS as readonly string[]).includes(value))
      throw new BadRequestException(`Changes are announced for ${CHANGE_KINDS.join(' and ')} only.`);
    return value as ChangeKind;
  }
}

/** POST /internal/changes/{kind}: the owner of that data changed it; cached copies are no longer used. */
@Internal()
@Controller('internal/changes')
export class InternalChangesController {
  constructor(private readonly generations: ChangeGenerations) {}

  @Post(':kind')
  @HttpCode(204)
  async changed(@Param('kind', ParseChangeKindPipe) kind: ChangeKind): Promise<void> {
    await this.generations.raise(kind);
  }
}
