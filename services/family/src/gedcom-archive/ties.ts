import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { GedcomReportLine } from '@family/contract';
import { parseGenealogicalDate, sqlDay } from '@family/shared';
import type { ChildRelation, GedcomData, GedcomEvent, GedcomPerson } from '../gedcom-format/data';
import { personLabel } from '../gedcom-format/person-label';
import { FamilyGraphTransaction } from '../repositories/relation.repository';
import { GedcomImportRepository } from './import.repository';
import { Lineage } from './lineage';

interface Tie {
  from: number;
  to: number;
  type: 'parent' | 'spouse';
  kind: ChildRelation | 'married' | 'divorced';
  current: boolean;
  start: GedcomEvent | null;
  end: GedcomEvent | null;
  line: number | null;
  /** The two people's records in the file, `from` first: the report names them when the tie is refused. */
  records: [string, string];
  /** Whether an end was already in the archive before this import (then the family rules are checked here). */
  touchesArchive: boolean;
}

export interface TieOutcome {
  partnerships: number;
  children: number;
  skipped: GedcomReportLine[];
}

const pairKey = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);

/** How a report line names a person of the file; the file's people are looked up only once a line needs one. */
function namer(data: GedcomData): (record: string) => string {
  let people: Map<string, GedcomPerson> | null = null;
  return (record) => {
    people ??= new Map(data.people.map((person) => [person.id, person]));
    const person = people.get(record);
    return person ? personLabel(person) : `@${record}@`;
  };
}
const clip = (text: string | null | undefined, max: number) => (text ? text.slice(0, max) : null);

function days(event: GedcomEvent | null) {
  const date = clip(event?.date, 100);
  const parsed = date ? parseGenealogicalDate(date) : null;
  return {
    date,
    place: clip(event?.place, 200),
    earliest: parsed?.valid ? sqlDay(parsed.date.earliest) : null,
    latest: parsed?.valid ? sqlDay(parsed.date.latest) : null,
  };
}

/**
 * Writes a file's partnerships and child ties, the record → person map and the UIDs, in one transaction: all of them,
 * or none. Ties among people this import created were checked by the reader (gedcom-format/mapper.ts); a tie that
 * reaches someone already in the archive is checked here against the family graph rules, and skipped with
 * its line when it would break one. A tie the archive already holds (the same file again) is left as it is.
 */
@Injectable()
export class GedcomTieWriter {
  constructor(
    private readonly db: DataSource,
    private readonly imports: GedcomImportRepository,
  ) {}

  async write(
    data: GedcomData,
    personOf: Map<string, number>,
    inArchive: Set<number>,
    createdBy: number,
    source: string,
    uids: [string, number][] = [],
  ): Promise<TieOutcome> {
    return this.db.transaction(async (tx) => {
      const graph = new FamilyGraphTransaction(tx);
      await graph.lockLineage();
      await this.imports.remember(tx, source, [...personOf]);
      await this.imports.rememberUids(tx, uids);
      const skipped: GedcomReportLine[] = [];
      const who = namer(data);
      const ties = this.tiesOf(data, personOf, inArchive, skipped, who);
      const involved = [...new Set(ties.flatMap((tie) => [tie.from, tie.to]))];
      const present = await this.pairsAmong(tx, involved);
      const currentNow = await this.withCurrentPartner(tx, [...inArchive]);
      const fresh: Tie[] = [];
      for (const tie of ties) {
        const key = pairKey(tie.from, tie.to);
        if (present.has(key)) continue;
        present.add(key);
        fresh.push(tie);
      }
      this.chooseCurrent(fresh, currentNow);
      const among = fresh.filter((tie) => !tie.touchesArchive);
      await this.insert(tx, among, createdBy);
      // The rules for ties that reach the archive, checked in order against the archive with those before them.
      const lineage = await Lineage.read(tx);
      const reaching: Tie[] = [];
      for (const tie of fresh.filter((candidate) => candidate.touchesArchive)) {
        const refusal = this.refusal(lineage, tie, who);
        if (refusal) skipped.push({ line: tie.line, reason: refusal });
        else {
          if (tie.type === 'parent') lineage.add(tie.from, tie.to, tie.kind === 'birth');
          reaching.push(tie);
        }
      }
      await this.insert(tx, reaching, createdBy);
      const written = [...among, ...reaching];
      return {
        partnerships: written.filter((tie) => tie.type === 'spouse').length,
        children: written.filter((tie) => tie.type === 'parent').length,
        skipped,
      };
    });
  }

  private tiesOf(
    data: GedcomData,
    personOf: Map<string, number>,
    inArchive: Set<number>,
    skipped: GedcomReportLine[],
    who: (record: string) => string,
  ): Tie[] {
    const ties: Tie[] = [];
    const touches = (a: number, b: number) => inArchive.has(a) || inArchive.has(b);
    for (const family of data.families) {
      const records = family.partners.filter((id) => personOf.has(id));
      const partners = records.map((id) => personOf.get(id)!);
      if (partners.length === 2) {
        const [a, b] = partners as [number, number];
        const [first, second] = records as [string, string];
        if (a === b) {
          skipped.push({
            line: family.line ?? null,
            reason: `Line ${family.line}: the partners ${who(first)} and ${who(second)} are the same person in the archive; the partnership was skipped.`,
          });
        } else {
          const divorced = family.divorce !== null;
          ties.push({
            from: a,
            to: b,
            type: 'spouse',
            kind: divorced ? 'divorced' : 'married',
            current: false,
            start: family.marriage,
            end: family.divorce,
            line: family.line ?? null,
            records: [first, second],
            touchesArchive: touches(a, b),
          });
        }
      }
      for (const child of family.children) {
        const childId = personOf.get(child.person);
        if (childId === undefined) continue;
        for (const [parent, relation] of Object.entries(child.relations)) {
          const parentId = personOf.get(parent);
          if (parentId === undefined) continue;
          if (parentId === childId) {
            skipped.push({
              line: child.line ?? null,
              reason: `Line ${child.line}: ${who(child.person)} and their parent ${who(parent)} are the same person in the archive; the tie was skipped.`,
            });
            continue;
          }
          ties.push({
            from: childId,
            to: parentId,
            type: 'parent',
            kind: relation,
            current: false,
            start: null,
            end: null,
            line: child.line ?? null,
            records: [child.person, parent],
            touchesArchive: touches(childId, parentId),
          });
        }
      }
    }
    return ties;
  }

  /** One current partnership per person: the latest marriage that did not end in divorce. */
  private chooseCurrent(ties: Tie[], currentNow: Set<number>): void {
    const taken = new Set(currentNow);
    const latestFirst = ties
      .filter((tie) => tie.type === 'spouse' && tie.kind !== 'divorced')
      .map((tie) => ({ tie, day: days(tie.start).latest ?? '' }))
      .sort((a, b) => b.day.localeCompare(a.day));
    for (const { tie } of latestFirst) {
      if (taken.has(tie.from) || taken.has(tie.to)) continue;
      tie.current = true;
      taken.add(tie.from);
      taken.add(tie.to);
    }
  }

  /** The family graph rules for a tie that reaches someone already in the archive (docs/product.md). */
  private refusal(lineage: Lineage, tie: Tie, who: (record: string) => string): string | null {
    if (tie.type !== 'parent') return null;
    const [child, parent] = tie.records;
    if (tie.kind === 'birth' && lineage.birthParentCount(tie.from) >= 2) {
      return `Line ${tie.line}: in the archive ${who(child)} already has two birth parents, so ${who(parent)} was not added as a third.`;
    }
    if (lineage.isAncestor(tie.from, tie.to)) {
      return `Line ${tie.line}: in the archive ${who(parent)} already descends from ${who(child)}, so cannot also be their parent; the tie was skipped.`;
    }
    return null;
  }

  private async pairsAmong(tx: EntityManager, ids: number[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows: { a: number; b: number }[] = await tx.query(
      `SELECT from_user_id AS a, to_user_id AS b FROM relations
        WHERE from_user_id = ANY($1::int[]) AND to_user_id = ANY($1::int[])`,
      [ids],
    );
    return new Set(rows.map((row) => pairKey(row.a, row.b)));
  }

  private async withCurrentPartner(tx: EntityManager, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows: { id: number }[] = await tx.query(
      `SELECT from_user_id AS id FROM relations WHERE relation_type = 'spouse' AND is_current AND from_user_id = ANY($1::int[])
       UNION SELECT to_user_id FROM relations WHERE relation_type = 'spouse' AND is_current AND to_user_id = ANY($1::int[])`,
      [ids],
    );
    return new Set(rows.map((row) => row.id));
  }

  /** Relations in statements of up to 2,000 rows, each with its 'add' in the tie history. */
  private async insert(tx: EntityManager, ties: Tie[], createdBy: number): Promise<void> {
    for (let start = 0; start < ties.length; start += 2000) {
      const chunk = ties.slice(start, start + 2000);
      const starts = chunk.map((tie) => days(tie.start));
      const ends = chunk.map((tie) => days(tie.end));
      await tx.query(
        `WITH added AS (
           INSERT INTO relations (from_user_id, to_user_id, relation_type, kind, is_current, created_by,
                                  start_date, start_earliest, start_latest, start_place,
                                  end_date, end_earliest, end_latest, end_place)
           SELECT f, t, ty, k, c, $14, sd, se::date, sl::date, sp, ed, ee::date, el::date, ep
             FROM unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::bool[], $6::text[], $7::text[], $8::text[],
                         $9::text[], $10::text[], $11::text[], $12::text[], $13::text[])
                  AS x(f, t, ty, k, c, sd, se, sl, sp, ed, ee, el, ep)
           ON CONFLICT DO NOTHING
           RETURNING *
         )
         INSERT INTO tie_changes (relation_id, person_a, person_b, action, before, after, changed_by)
         SELECT id, from_user_id, to_user_id, 'add', NULL,
                jsonb_build_object('relationType', relation_type, 'fromUserId', from_user_id, 'toUserId', to_user_id,
                  'kind', kind, 'current', is_current,
                  'start', CASE WHEN start_date IS NULL AND start_place IS NULL THEN NULL
                           ELSE jsonb_build_object('date', start_date, 'place', start_place) END,
                  'end', CASE WHEN end_date IS NULL AND end_place IS NULL THEN NULL
                         ELSE jsonb_build_object('date', end_date, 'place', end_place) END),
                created_by
           FROM added`,
        [
          chunk.map((tie) => tie.from),
          chunk.map((tie) => tie.to),
          chunk.map((tie) => tie.type),
          chunk.map((tie) => tie.kind),
          chunk.map((tie) => (tie.type === 'spouse' ? tie.current : true)),
          starts.map((day) => day.date),
          starts.map((day) => day.earliest),
          starts.map((day) => day.latest),
          starts.map((day) => day.place),
          ends.map((day) => day.date),
          ends.map((day) => day.earliest),
          ends.map((day) => day.latest),
          ends.map((day) => day.place),
          createdBy,
        ],
      );
    }
  }
}
