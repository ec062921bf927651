import { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  type ChildTieKind,
  type PartnershipKind,
  type TakeoutFamilyExportJob,
  type TakeoutFamilyPart,
  takeoutFamilyFolder,
} from '@family/contract';
import type { JobRun } from '@family/shared/jobs';
import type { ObjectStorage } from '@family/shared/storage';
import { lifeEvent } from '../dtos/relation.dto';
import { gedcomLines } from '../gedcom-format/writer';
import { GedcomExportService } from './export.service';
import { GedcomImportRepository } from './import.repository';
import { GEDCOM_STORAGE } from './jobs';

const TIES_PAGE = 5000;

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
 * The family's part of a takeout export (docs/api.md "Takeout"), a job of the family worker queued by the media
 * worker (docs/architecture.md "Takeout export"): the whole family as GEDCOM 7 with living people in full and its
 * files named by their ZIP paths (family.ged), and every partnership and child tie read a page at a time with each
 * person's record (family.json), both written into storage for the media worker to pack. Running it again writes
 * the same files over.
 */
@Injectable()
export class TakeoutFamilyService {
  constructor(
    private readonly db: DataSource,
    private readonly gedcom: GedcomExportService,
    private readonly imports: GedcomImportRepository,
    @Inject(GEDCOM_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  async write({ data }: JobRun<TakeoutFamilyExportJob>): Promise<void> {
    const folder = takeoutFamilyFolder('export', data.exportId);
    const family = await this.gedcom.data({ takeoutFor: data.userId, scope: data.scope });
    // With living people in full everyone is written, numbered in the order given (gedcom-format/writer.ts).
    const xrefs: Record<number, string> = {};
    family.people.forEach((person, index) => (xrefs[Number(person.id.slice(1))] = `@I${index + 1}@`));
    const gedcom = Buffer.from([...gedcomLines(family, { living: 'full' })].join(''), 'utf8');
    await this.storage.put(`${folder}/family.ged`, Readable.from([gedcom]), { contentType: 'text/plain' });
    const part: TakeoutFamilyPart = {
      partnerships: [],
      childTies: [],
      xrefs,
      archiveId: await this.imports.namespace(),
    };
    for (let after = 0; ;) {
      const page = await this.ties(after, TIES_PAGE);
      part.partnerships.push(...page.partnerships);
      part.childTies.push(...page.childTies);
      if (page.next === null) break;
      after = page.next;
    }
    await this.storage.put(`${folder}/family.json`, Readable.from([Buffer.from(JSON.stringify(part), 'utf8')]), {
      contentType: 'application/json',
    });
  }

  private async ties(
    after: number,
    limit: number,
  ): Promise<Pick<TakeoutFamilyPart, 'partnerships' | 'childTies'> & { next: number | null }> {
    const rows: TieRow[] = await this.db.query(
      `SELECT id, from_user_id AS "fromUserId", to_user_id AS "toUserId", relation_type AS "relationType", kind,
              is_current AS "isCurrent", start_date AS "startDate", start_place AS "startPlace",
              end_date AS "endDate", end_place AS "endPlace"
         FROM relations WHERE id > $1 AND relation_type <> 'sibling' ORDER BY id LIMIT $2`,
      [after, limit],
    );
    const page: Pick<TakeoutFamilyPart, 'partnerships' | 'childTies'> & { next: number | null } = {
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
}
