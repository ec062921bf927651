import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import type { RelationType } from '@family/contract';
import { RelationEntity } from '../entities/relation.entity';

/** Keys of the transaction-scoped advisory locks (two-int form: namespace, id). */
const PERSON_LOCK = 7301;
const LINEAGE_LOCK = 7302;

interface RelationRow {
  id: number;
  from_user_id: number;
  to_user_id: number;
  relation_type: RelationType;
  created_by: number;
  created_at: Date;
}

const COLUMNS = 'id, from_user_id, to_user_id, relation_type, created_by, created_at';

function toEntity(row: RelationRow): RelationEntity {
  return Object.assign(new RelationEntity(), {
    id: row.id,
    fromUserId: row.from_user_id,
    toUserId: row.to_user_id,
    relationType: row.relation_type,
    createdBy: row.created_by,
    createdAt: row.created_at,
  });
}

/** A relative of someone, as that person sees them: `relationType` is what `userId` is to them. */
export interface Relative {
  userId: number;
  relationType: RelationType;
}

export interface NewRelation {
  fromUserId: number;
  toUserId: number;
  relationType: RelationType;
  createdBy: number;
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
         SELECT 1 FROM relations WHERE from_user_id = $1 AND relation_type = 'parent'
         UNION ALL
         SELECT 1 FROM relations WHERE to_user_id = $1 AND relation_type = 'child'
       ) parents`,
      [childId],
    );
    return row.count;
  }

  async hasSpouse(userId: number): Promise<boolean> {
    const rows: unknown[] = await this.db.query(
      `SELECT 1 FROM relations WHERE relation_type = 'spouse' AND (from_user_id = $1 OR to_user_id = $1) LIMIT 1`,
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

  /** Inserts the relation, or answers null when the pair already has one (the unique index decides). */
  async insert(relation: NewRelation): Promise<RelationEntity | null> {
    const rows: RelationRow[] = await this.db.query(
      `INSERT INTO relations (from_user_id, to_user_id, relation_type, created_by) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING
       RETURNING ${COLUMNS}`,
      [relation.fromUserId, relation.toUserId, relation.relationType, relation.createdBy],
    );
    return rows[0] ? toEntity(rows[0]) : null;
  }
}

@Injectable()
export class RelationRepository {
  constructor(@InjectRepository(RelationEntity) private readonly relations: Repository<RelationEntity>) {}

  /** Runs `work` in one READ COMMITTED transaction; its locks are released at commit or rollback. */
  inTransaction<T>(work: (graph: FamilyGraphTransaction) => Promise<T>): Promise<T> {
    return this.relations.manager.transaction('READ COMMITTED', (manager) => work(new FamilyGraphTransaction(manager)));
  }

  findById(id: number): Promise<RelationEntity | null> {
    return this.relations.findOneBy({ id });
  }

  /**
   * What it takes to draw `rootId`'s tree, in one statement: the root's own relations, and every relation of
   * the root's parents (their parents, spouses, other children). Each branch uses an index on one end.
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
       )
       SELECT * FROM root_relations
       UNION
       SELECT r.id, r.from_user_id, r.to_user_id, r.relation_type, r.created_by, r.created_at
       FROM relations r JOIN parents p ON r.from_user_id = p.id
       UNION
       SELECT r.id, r.from_user_id, r.to_user_id, r.relation_type, r.created_by, r.created_at
       FROM relations r JOIN parents p ON r.to_user_id = p.id
       ORDER BY id`,
      [rootId],
    );
    return rows.map(toEntity);
  }

  async delete(id: number): Promise<void> {
    await this.relations.delete({ id });
  }

  /** Every relation the person is in, on either end. Nothing left is harmless: idempotent. */
  async deleteAllOf(userId: number): Promise<void> {
    await this.relations.query(`DELETE FROM relations WHERE from_user_id = $1 OR to_user_id = $1`, [userId]);
  }
}
