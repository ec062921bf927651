import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import type { RelationType, TieSnapshot } from '@family/contract';
import { CHANGE_GENERATIONS_COLUMN, ChangeGenerations, parseChangeGenerations } from '@family/shared/nest';
import { tieSnapshot } from '../dtos/relation.dto';
import { RelationEntity } from '../entities/relation.entity';
import { TREE_AROUND_SQL } from './tree-around.sql';

/** Keys of the transaction-scoped advisory locks (two-int form: namespace, id). */
const PERSON_LOCK = 7301;
const LINEAGE_LOCK = 7302;

interface RelationRow {
  id: number;
  from_user_id: number;
  to_user_id: number;
  relation_type: RelationType;
  kind: RelationEntity['kind'];
  is_current: boolean;
  start_date: string | null;
  start_place: string | null;
  end_date: string | null;
  end_place: string | null;
  created_by: number;
  created_at: Date;
}

/** A tie among the people of a tree: only what the tree shows. */
export type TreeTie = Pick<
  RelationEntity,
  | 'id'
  | 'fromUserId'
  | 'toUserId'
  | 'relationType'
  | 'kind'
  | 'isCurrent'
  | 'startDate'
  | 'startPlace'
  | 'endDate'
  | 'endPlace'
>;
/** A tie as the tree's statement sends it: an array, so the JSON is lean. */
type TreeTieRow = [
  number,
  number,
  number,
  RelationType,
  RelationEntity['kind'],
  boolean,
  string | null,
  string | null,
  string | null,
  string | null,
];

const COLUMNS =
  'id, from_user_id, to_user_id, relation_type, kind, is_current, start_date, start_place, end_date, end_place, created_by, created_at';
/** The same columns of the relations table aliased `r`. */
const R_COLUMNS = COLUMNS.split(', ')
  .map((column) => `r.${column}`)
  .join(', ');

/** A row's kind, with NULL read as the type's first kind (rows written before kinds, or by hand). */
export function kindOf(relationType: RelationType, kind: RelationEntity['kind']): RelationEntity['kind'] {
  if (kind) return kind;
  if (relationType === 'spouse') return 'married';
  return relationType === 'sibling' ? null : 'birth';
}

export function toEntity(row: RelationRow): RelationEntity {
  return Object.assign(new RelationEntity(), {
    id: row.id,
    fromUserId: row.from_user_id,
    toUserId: row.to_user_id,
    relationType: row.relation_type,
    kind: kindOf(row.relation_type, row.kind),
    isCurrent: row.is_current,
    startDate: row.start_date,
    startPlace: row.start_place,
    endDate: row.end_date,
    endPlace: row.end_place,
    createdBy: row.created_by,
    createdAt: row.created_at,
  });
}

/** What genealogy adds to a row, as written: dates with the days they mean (see tie-details.ts). */
export interface TieColumns {
  kind?: RelationEntity['kind'];
  isCurrent?: boolean;
  startDate?: string | null;
  startEarliest?: string | null;
  startLatest?: string | null;
  startPlace?: string | null;
  endDate?: string | null;
  endEarliest?: string | null;
  endLatest?: string | null;
  endPlace?: string | null;
}

const TIE_COLUMN_NAMES: Record<keyof TieColumns, string> = {
  kind: 'kind',
  isCurrent: 'is_current',
  startDate: 'start_date',
  startEarliest: 'start_earliest',
  startLatest: 'start_latest',
  startPlace: 'start_place',
  endDate: 'end_date',
  endEarliest: 'end_earliest',
  endLatest: 'end_latest',
  endPlace: 'end_place',
};

export interface TieChangeRow {
  id: number;
  relation_id: number;
  action: 'add' | 'update' | 'delete';
  before: TieSnapshot | null;
  after: TieSnapshot | null;
  changed_by: number;
  changed_at: Date;
}

/** A relative of someone, as that person sees them: `relationType` is what `userId` is to them. */
export interface Relative {
  userId: number;
  relationType: RelationType;
}

export interface NewRelation {
  /** Given only when a removed tie is put back (an undo): it keeps its id, so its history stays one. */
  id?: number;
  fromUserId: number;
  toUserId: number;
  relationType: RelationType;
  createdBy: number;
  details?: TieColumns;
}

/**
 * The family graph inside one write transaction. Reads run at READ COMMITTED, so once a lock is held they
 * see everything committed by whoever held it before.
 */
export class FamilyGraphTransaction {
  constructor(private readonly db: EntityManager) {}

  /** Held by every write of a parent/child row: the ancestor rule looks at the whole graph, not two people. */
  async lockLineage(): Promise<void> {
    await this.db.query('SELECT pg_advisory_xact_lock($1, 0)', [LINEAGE_LOCK]);
  }

  /** One lock per person, always taken in ascending order so two writers never wait for each other in a circle. */
  async lockPeople(ids: number[]): Promise<void> {
    for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
      await this.db.query('SELECT pg_advisory_xact_lock($1, $2)', [PERSON_LOCK, id]);
    }
  }

  async relationBetween(a: number, b: number): Promise<boolean> {
    const rows: unknown[] = await this.db.query(
      `SELECT 1 FROM relations WHERE LEAST(from_user_id, to_user_id) = LEAST($1::int, $2::int)
         AND GREATEST(from_user_id, to_user_id) = GREATEST($1::int, $2::int)`,
      [a, b],
    );
    return rows.length > 0;
  }

  async parentCount(childId: number): Promise<number> {
    const [row]: Array<{ count: number }> = await this.db.query(
      `SELECT count(*)::int AS count FROM (
         SELECT 1 FROM relations WHERE from_user_id = $1 AND relation_type = 'parent' AND coalesce(kind, 'birth') = 'birth'
         UNION ALL
         SELECT 1 FROM relations WHERE to_user_id = $1 AND relation_type = 'child' AND coalesce(kind, 'birth') = 'birth'
       ) parents`,
      [childId],
    );
    return row.count;
  }

  async hasSpouse(userId: number): Promise<boolean> {
    const rows: unknown[] = await this.db.query(
      `SELECT 1 FROM relations WHERE relation_type = 'spouse' AND is_current AND (from_user_id = $1 OR to_user_id = $1) LIMIT 1`,
      [userId],
    );
    return rows.length > 0;
  }

  /** Whether `ancestorId` is among the ancestors of `userId`, walking parent/child rows read either way. */
  async isAncestor(ancestorId: number, userId: number): Promise<boolean> {
    const [row]: Array<{ found: boolean }> = await this.db.query(
      `WITH RECURSIVE ancestors(id) AS (
         SELECT $1::int
         UNION
         SELECT parent.id FROM ancestors a
         CROSS JOIN LATERAL (
           SELECT to_user_id AS id FROM relations WHERE from_user_id = a.id AND relation_type = 'parent'
           UNION ALL
           SELECT from_user_id AS id FROM relations WHERE to_user_id = a.id AND relation_type = 'child'
         ) parent
       )
       SELECT EXISTS (SELECT 1 FROM ancestors WHERE id = $2::int AND id <> $1::int) AS found`,
      [userId, ancestorId],
    );
    return row.found;
  }

  /** Everyone related to `userId`, read from their side. */
  async relativesOf(userId: number): Promise<Relative[]> {
    const rows: Array<{ user_id: number; relation_type: RelationType }> = await this.db.query(
      `SELECT to_user_id AS user_id, relation_type FROM relations WHERE from_user_id = $1
       UNION ALL
       SELECT from_user_id AS user_id,
              CASE relation_type WHEN 'parent' THEN 'child' WHEN 'child' THEN 'parent' ELSE relation_type END
       FROM relations WHERE to_user_id = $1`,
      [userId],
    );
    return rows.map((row) => ({ userId: row.user_id, relationType: row.relation_type }));
  }

  /**
   * Moves every relation of `sourceId` to `targetId`: a relation between the two goes, as does one that would
   * give the target a second relation to the same person (one relation per pair).
   */
  async moveRelations(sourceId: number, targetId: number): Promise<void> {
    await this.db.query(
      `DELETE FROM relations WHERE (from_user_id = $1 AND to_user_id = $2) OR (from_user_id = $2 AND to_user_id = $1)`,
      [sourceId, targetId],
    );
    await this.db.query(
      `DELETE FROM relations r
       WHERE (r.from_user_id = $1 OR r.to_user_id = $1)
         AND EXISTS (
           SELECT 1 FROM relations o
           WHERE LEAST(o.from_user_id, o.to_user_id) = LEAST(CASE WHEN r.from_user_id = $1 THEN r.to_user_id ELSE r.from_user_id END, $2)
             AND GREATEST(o.from_user_id, o.to_user_id) = GREATEST(CASE WHEN r.from_user_id = $1 THEN r.to_user_id ELSE r.from_user_id END, $2))`,
      [sourceId, targetId],
    );
    await this.db.query(`UPDATE relations SET from_user_id = $2 WHERE from_user_id = $1`, [sourceId, targetId]);
    await this.db.query(`UPDATE relations SET to_user_id = $2 WHERE to_user_id = $1`, [sourceId, targetId]);
  }

  async currentPartnerships(userId: number): Promise<number> {
    const [row]: Array<{ count: number }> = await this.db.query(
      `SELECT count(*)::int AS count FROM relations
       WHERE relation_type = 'spouse' AND is_current AND (from_user_id = $1 OR to_user_id = $1)`,
      [userId],
    );
    return row!.count;
  }

  /** Whether the person is among their own ancestors (a cycle through them). */
  async isOwnAncestor(userId: number): Promise<boolean> {
    const [row]: Array<{ found: boolean }> = await this.db.query(
      `WITH RECURSIVE ancestors(id) AS (
         SELECT parent.id FROM (
           SELECT to_user_id AS id FROM relations WHERE from_user_id = $1 AND relation_type = 'parent'
           UNION ALL
           SELECT from_user_id AS id FROM relations WHERE to_user_id = $1 AND relation_type = 'child'
         ) parent
         UNION
         SELECT parent.id FROM ancestors a
         CROSS JOIN LATERAL (
           SELECT to_user_id AS id FROM relations WHERE from_user_id = a.id AND relation_type = 'parent'
           UNION ALL
           SELECT from_user_id AS id FROM relations WHERE to_user_id = a.id AND relation_type = 'child'
         ) parent
       )
       SELECT EXISTS (SELECT 1 FROM ancestors WHERE id = $1::int) AS found`,
      [userId],
    );
    return row!.found;
  }

  /** Inserts the relation, or answers null when the pair already has one (the unique index decides). */
  async insert(relation: NewRelation): Promise<RelationEntity | null> {
    const details: Array<[string, unknown]> = Object.entries(relation.details ?? {}).filter(
      ([, value]) => value !== undefined,
    );
    const names = details.map(([key]) => TIE_COLUMN_NAMES[key as keyof TieColumns]);
    if (relation.id !== undefined) {
      details.push(['id', relation.id]);
      names.push('id');
    }
    const rows: RelationRow[] = await this.db.query(
      `INSERT INTO relations (from_user_id, to_user_id, relation_type, created_by${names.map((n) => `, ${n}`).join('')})
       VALUES ($1, $2, $3, $4${names.map((_n, i) => `, $${i + 5}`).join('')})
       ON CONFLICT DO NOTHING
       RETURNING ${COLUMNS}`,
      [
        relation.fromUserId,
        relation.toUserId,
        relation.relationType,
        relation.createdBy,
        ...details.map(([, value]) => value),
      ],
    );
    return rows[0] ? toEntity(rows[0]) : null;
  }

  /** Keeps who added, changed or removed a tie, with the tie before and after (see tie_changes). */
  async recordChange(
    action: 'add' | 'update' | 'delete',
    before: RelationEntity | null,
    after: RelationEntity | null,
    changedBy: number,
  ): Promise<TieChangeRow> {
    const tie = (after ?? before)!;
    const [row]: TieChangeRow[] = await this.db.query(
      `INSERT INTO tie_changes (relation_id, person_a, person_b, action, before, after, changed_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       RETURNING id, relation_id, action, before, after, changed_by, changed_at`,
      [
        tie.id,
        tie.fromUserId,
        tie.toUserId,
        action,
        before ? JSON.stringify(tieSnapshot(before)) : null,
        after ? JSON.stringify(tieSnapshot(after)) : null,
        changedBy,
      ],
    );
    return row!;
  }

  async delete(id: number): Promise<void> {
    await this.db.query(`DELETE FROM relations WHERE id = $1`, [id]);
  }

  /** The row, locked for the rest of the transaction. */
  async lockedRelation(id: number): Promise<RelationEntity | null> {
    const rows: RelationRow[] = await this.db.query(`SELECT ${COLUMNS} FROM relations WHERE id = $1 FOR UPDATE`, [id]);
    return rows[0] ? toEntity(rows[0]) : null;
  }

  async update(id: number, columns: TieColumns): Promise<RelationEntity> {
    const entries = Object.entries(columns).filter(([, value]) => value !== undefined);
    const sets = entries.map(([key], i) => `${TIE_COLUMN_NAMES[key as keyof TieColumns]} = $${i + 2}`);
    // An UPDATE answers [rows, affected] through TypeORM's query().
    const [rows] = (await this.db.query(
      `UPDATE relations SET ${sets.length ? sets.join(', ') : 'id = id'} WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, ...entries.map(([, value]) => value)],
    )) as [RelationRow[], number];
    return toEntity(rows[0]!);
  }
}

@Injectable()
export class RelationRepository {
  constructor(
    @InjectRepository(RelationEntity) private readonly relations: Repository<RelationEntity>,
    private readonly generations: ChangeGenerations,
  ) {}

  /** Runs `work` in one READ COMMITTED transaction; its locks are released at commit or rollback. */
  inTransaction<T>(work: (graph: FamilyGraphTransaction) => Promise<T>): Promise<T> {
    return this.relations.manager.transaction('READ COMMITTED', (manager) => work(new FamilyGraphTransaction(manager)));
  }

  findById(id: number): Promise<RelationEntity | null> {
    return this.relations.findOneBy({ id });
  }

  /**
   * What it takes to draw `rootId`'s tree, in one statement: the root's own relations, every relation of the
   * root's parents (their parents, spouses, other children), and the ties of the root's children to their other
   * parents (which partner each child is from). Each branch uses an index on one end.
   */
  async findForTree(rootId: number): Promise<RelationEntity[]> {
    const rows: RelationRow[] = await this.relations.query(
      `WITH root_relations AS (
         SELECT ${COLUMNS} FROM relations WHERE from_user_id = $1
         UNION
         SELECT ${COLUMNS} FROM relations WHERE to_user_id = $1
       ), parents AS (
         SELECT to_user_id AS id FROM root_relations WHERE from_user_id = $1 AND relation_type = 'parent'
         UNION
         SELECT from_user_id AS id FROM root_relations WHERE to_user_id = $1 AND relation_type = 'child'
       ), children AS (
         SELECT to_user_id AS id FROM root_relations WHERE from_user_id = $1 AND relation_type = 'child'
         UNION
         SELECT from_user_id AS id FROM root_relations WHERE to_user_id = $1 AND relation_type = 'parent'
       )
       SELECT * FROM root_relations
       UNION
       SELECT ${R_COLUMNS} FROM relations r JOIN parents p ON r.from_user_id = p.id
       UNION
       SELECT ${R_COLUMNS} FROM relations r JOIN parents p ON r.to_user_id = p.id
       UNION
       -- The children's other parents, so each child hangs from the right couple.
       SELECT ${R_COLUMNS} FROM relations r JOIN children c ON r.from_user_id = c.id AND r.relation_type = 'parent'
       UNION
       SELECT ${R_COLUMNS} FROM relations r JOIN children c ON r.to_user_id = c.id AND r.relation_type = 'child'
       ORDER BY id`,
      [rootId],
    );
    return rows.map(toEntity);
  }

  /**
   * The tree around `rootId` in one statement (docs/architecture.md "People and families"): who is drawn
   * (ancestors up to `up` generations, descendants down to `down`, the root's siblings, i.e. the parents' other
   * children and sibling rows, and the partners of all of them) and every tie among them, as lean rows. Every
   * step of the walk reads one end of a row through the (person, type) indexes.
   */
  async treeAround(rootId: number, up: number, down: number): Promise<{ ids: number[]; ties: TreeTie[] }> {
    // The change numbers in the same statement: the people it draws are then known or asked for without another.
    const [row]: Array<{ ids: number[]; ties: TreeTie[] | null; generations: unknown }> = await this.relations.query(
      `${TREE_AROUND_SQL}, ${CHANGE_GENERATIONS_COLUMN} AS "generations"`,
      [rootId, up, down],
    );
    if (row) this.generations.remember(parseChangeGenerations(row.generations));
    const ties = (row?.ties ?? []).map((tie) => {
      const [id, fromUserId, toUserId, relationType, kind, isCurrent, startDate, startPlace, endDate, endPlace] =
        tie as unknown as TreeTieRow;
      return {
        id,
        fromUserId,
        toUserId,
        relationType,
        kind: kindOf(relationType, kind),
        isCurrent,
        startDate,
        startPlace,
        endDate,
        endPlace,
      };
    });
    return { ids: row?.ids ?? [rootId], ties };
  }

  findTieChange(id: number): Promise<TieChangeRow | null> {
    return this.relations
      .query(`SELECT id, relation_id, action, before, after, changed_by, changed_at FROM tie_changes WHERE id = $1`, [
        id,
      ])
      .then((rows: TieChangeRow[]) => rows[0] ?? null);
  }

  /** Changes to the ties of a person, newest first. */
  tieHistory(personId: number): Promise<TieChangeRow[]> {
    return this.relations.query(
      `SELECT id, relation_id, action, before, after, changed_by, changed_at FROM tie_changes
       WHERE person_a = $1 OR person_b = $1 ORDER BY id DESC LIMIT 500`,
      [personId],
    );
  }

  /** Every relation the person is in, on either end. Nothing left is harmless: idempotent. */
  async deleteAllOf(userId: number): Promise<void> {
    await this.relations.query(`DELETE FROM relations WHERE from_user_id = $1 OR to_user_id = $1`, [userId]);
  }
}
