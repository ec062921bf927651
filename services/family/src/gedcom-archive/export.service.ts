import type { GedcomLiving, PersonDetail, TakeoutMediaQuery } from '@family/contract';
import { MediaClient, ProfileClient } from '@family/shared/clients';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ChildRelation, GedcomData, GedcomFamily, GedcomMedia, GedcomPerson } from '../gedcom-format/data';
import { gedcomLines } from '../gedcom-format/writer';
import { GedcomImportRepository } from './import.repository';
import { archiveUid } from './uids';

interface TieRow {
  from_user_id: number;
  to_user_id: number;
  relation_type: 'parent' | 'child' | 'spouse' | 'sibling';
  kind: string | null;
  start_date: string | null;
  start_place: string | null;
  end_date: string | null;
  end_place: string | null;
}

const PAGE = 2000;

/** Whose files a GEDCOM links: those a member may see (the download), or those of a takeout export. */
export type GedcomFiles = { askedBy: number } | TakeoutMediaQuery;
const xref = (id: number) => `I${id}`;

function personOf(person: PersonDetail, uids: string[]): GedcomPerson {
  const named = person.givenName !== null || person.surname !== null;
  return {
    id: xref(person.id),
    givenName: named ? person.givenName : person.displayName,
    surname: named ? person.surname : null,
    nicknames: [],
    marriedNames: [],
    sex: person.sex,
    birth: person.birth,
    death: person.death,
    burial: null,
    baptism: null,
    story: person.story,
    uids,
    living: person.living,
  };
}

/**
 * The whole archive's family as GEDCOM 7 (docs/architecture.md#gedcom-import-and-export): everyone from
 * profile, page by page, and the ties from the family schema. A partnership is a family with its two
 * partners; each child joins the family of two of its parents who are partners, else a family of one parent.
 */
@Injectable()
export class GedcomExportService {
  constructor(
    private readonly db: DataSource,
    private readonly profile: ProfileClient,
    private readonly media: MediaClient,
    private readonly imports: GedcomImportRepository,
  ) {}

  /**
   * With a takeout, the files are those of that export and each OBJE names the file's path inside its ZIP
   * (docs/api.md "Takeout"); else every tagged file the asker may see, by its own name.
   */
  async data(files: GedcomFiles): Promise<GedcomData> {
    const namespace = await this.imports.namespace();
    const people: GedcomPerson[] = [];
    let after = 0;
    for (;;) {
      const page = await this.profile.everyone(after, PAGE);
      // Each person's UID in this archive first, then those other programs gave them (uids.ts).
      const kept = await this.imports.uidsOf(page.items.map((person) => person.id));
      people.push(
        ...page.items.map((person) =>
          personOf(person, [archiveUid(namespace, person.id), ...(kept.get(person.id) ?? [])]),
        ),
      );
      if (page.next === null) break;
      after = page.next;
    }
    const known = new Set(people.map((person) => person.id));
    const rows: TieRow[] = await this.db.query(
      `SELECT from_user_id, to_user_id, relation_type, kind, start_date, start_place, end_date, end_place
         FROM relations WHERE relation_type <> 'sibling' ORDER BY id`,
    );
    const ties = rows.filter((row) => known.has(xref(row.from_user_id)) && known.has(xref(row.to_user_id)));
    return { people, families: this.familiesOf(ties), media: await this.mediaOf(known, files) };
  }

  /**
   * The files with the people tagged in them, each linked by its file name (an OBJE per file): only those the
   * asker, or the takeout's member, may see (docs/rights.md "Media visibility"), as media decides.
   */
  private async mediaOf(known: Set<string>, files: GedcomFiles): Promise<GedcomMedia[]> {
    const media: GedcomMedia[] = [];
    let after = 0;
    for (;;) {
      const page = await this.media.taggedFiles(after, PAGE, files);
      for (const item of page.items) {
        const people = item.people.map(xref).filter((id) => known.has(id));
        if (people.length === 0) continue;
        media.push({ path: item.fileName, format: item.contentType, title: item.title, people });
      }
      if (page.next === null) break;
      after = page.next;
    }
    return media;
  }

  async lines(living: GedcomLiving, files: GedcomFiles): Promise<Generator<string>> {
    return gedcomLines(await this.data(files), { living });
  }

  private familiesOf(ties: TieRow[]): GedcomFamily[] {
    const families: GedcomFamily[] = [];
    const couples = new Map<string, GedcomFamily>();
    const singles = new Map<number, GedcomFamily>();
    const coupleKey = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);
    const add = (partners: number[]) => {
      const family: GedcomFamily = {
        id: `F${families.length + 1}`,
        partners: partners.map(xref),
        marriage: null,
        divorce: null,
        children: [],
      };
      families.push(family);
      return family;
    };
    for (const row of ties.filter((tie) => tie.relation_type === 'spouse')) {
      const family = add([row.from_user_id, row.to_user_id]);
      const married = row.start_date !== null || row.start_place !== null;
      family.marriage = married ? { date: row.start_date, place: row.start_place } : null;
      const ended = row.kind === 'divorced' || row.end_date !== null || row.end_place !== null;
      family.divorce = ended ? { date: row.end_date, place: row.end_place } : null;
      couples.set(coupleKey(row.from_user_id, row.to_user_id), family);
    }
    // Each child's parents with the kind of each tie; a 'child' row is read the other way round.
    const parentsOf = new Map<number, Map<number, ChildRelation>>();
    for (const row of ties) {
      if (row.relation_type !== 'parent' && row.relation_type !== 'child') continue;
      const [child, parent] =
        row.relation_type === 'parent' ? [row.from_user_id, row.to_user_id] : [row.to_user_id, row.from_user_id];
      const parents = parentsOf.get(child) ?? new Map<number, ChildRelation>();
      parents.set(parent, (row.kind ?? 'birth') as ChildRelation);
      parentsOf.set(child, parents);
    }
    for (const [child, parents] of parentsOf) {
      const left = new Map(parents);
      const ids = [...parents.keys()];
      for (let i = 0; i < ids.length; i++) {
        for (let j = i + 1; j < ids.length; j++) {
          const [a, b] = [ids[i]!, ids[j]!];
          const family = couples.get(coupleKey(a, b));
          if (!family || !left.has(a) || !left.has(b)) continue;
          family.children.push({
            person: xref(child),
            relations: { [xref(a)]: left.get(a)!, [xref(b)]: left.get(b)! },
          });
          left.delete(a);
          left.delete(b);
        }
      }
      for (const [parent, relation] of left) {
        let family = singles.get(parent);
        if (!family) {
          family = add([parent]);
          singles.set(parent, family);
        }
        family.children.push({ person: xref(child), relations: { [xref(parent)]: relation } });
      }
    }
    return families;
  }
}
