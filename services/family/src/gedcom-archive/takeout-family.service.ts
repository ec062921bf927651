import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ChildTieKind, ExportScope, PartnershipKind, TakeoutGedcom, TakeoutTiesPage } from '@family/contract';
import { lifeEvent } from '../dtos/relation.dto';
import { gedcomLines } from '../gedcom-format/writer';
import { GedcomExportService } from './export.service';
import { GedcomImportRepository } from './import.repository';

interface TieRow {
  id: number;
  fromUserId: number;
  toUserId: number;
  relationType: 'parent' | 'child' | 'spouse';
  kind: string | null;
  isCurrent: boolean;
  startDate: string | null;
  startPlace: string | null;
  endDate: string | null;
  endPlace: string | null;
}

/**
 * The family's part of a takeout export (docs/api.md "Takeout"): every partnership and child tie a page at a
 * time, and the whole family as GEDCOM 7 with living people in full and its files named by their ZIP paths.
 */
@Injectable()
export class TakeoutFamilyService {
  constructor(
    private readonly db: DataSource,
    private readonly gedcom: GedcomExportService,
    private readonly imports: GedcomImportRepository,
  ) {}

  async ties(after: number, limit: number): Promise<TakeoutTiesPage> {
    const rows: TieRow[] = await this.db.query(
      `SELECT id, from_user_id AS "fromUserId", to_user_id AS "toUserId", relation_type AS "relationType", kind,
              is_current AS "isCurrent", start_date AS "startDate", start_place AS "startPlace",
              end_date AS "endDate", end_place AS "endPlace"
         FROM relations WHERE id > $1 AND relation_type <> 'sibling' ORDER BY id LIMIT $2`,
      [after, limit],
    );
    const page: TakeoutTiesPage = {
      partnerships: [],
      childTies: [],
      next: rows.length === limit ? rows[rows.length - 1]!.id : null,
    };
    for (const row of rows) {
      if (row.relationType === 'spouse') {
        page.partnerships.push({
          id: row.id,
          personIds: [row.fromUserId, row.toUserId].sort((a, b) => a - b) as [number, number],
          // A kind of NULL (a row written by hand) reads as the type's first kind (docs/architecture.md).
          kind: (row.kind ?? 'married') as PartnershipKind,
          current: row.isCurrent,
          start: lifeEvent(row.startDate, row.startPlace),
          end: lifeEvent(row.endDate, row.endPlace),
        });
      } else {
        // A 'parent' row says `to` is the parent of `from`; a 'child' row the other way round.
        const [childId, parentId] =
          row.relationType === 'parent' ? [row.fromUserId, row.toUserId] : [row.toUserId, row.fromUserId];
        page.childTies.push({ id: row.id, childId, parentId, kind: (row.kind ?? 'birth') as ChildTieKind });
      }
    }
    return page;
  }

  async gedcomFor(userId: number, scope: ExportScope): Promise<TakeoutGedcom> {
    const data = await this.gedcom.data({ takeoutFor: userId, scope });
    const gedcom = [...gedcomLines(data, { living: 'full' })].join('');
    // With living people in full everyone is written, numbered in the order given (gedcom-format/writer.ts).
    const xrefs: Record<number, string> = {};
    data.people.forEach((person, index) => (xrefs[Number(person.id.slice(1))] = `@I${index + 1}@`));
    return { gedcom, xrefs, archiveId: await this.imports.namespace() };
  }
}
