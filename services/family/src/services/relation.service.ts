import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import type {
  ChildTieKind,
  FamilyRelation,
  FamilyTree,
  MessageResponse,
  PartnershipKind,
  PersonSummary,
  TieChange,
  TieDetails,
  TieSnapshot,
} from '@family/contract';
import { DirectoryClient, type Identity } from '@family/shared';
import { lifeEvent, mapRelation, tieSnapshot, type AddRelationDto, type TieDetailsDto } from '../dtos/relation.dto';
import type { RelationEntity } from '../entities/relation.entity';
import { RelationRepository, type TieChangeRow } from '../repositories/relation.repository';
import { edgeOf, findViolation, inheritedRelations, violationError } from './family-graph';
import { tieColumns } from './tie-details';

const UNKNOWN_MEMBER = 'Invalid family member selected';
const UNKNOWN_ROOT = 'This person is not in the family archive.';
const UNKNOWN_RELATION = 'This relation does not exist. It may have been deleted already.';

@Injectable()
export class RelationService {
  constructor(
    private readonly relations: RelationRepository,
    private readonly directory: DirectoryClient,
  ) {}

  /**
   * Adds a relation (docs/rights.md "Family rights": any member, in their own tree or another person's) under
   * the graph rules, in one transaction that concurrent requests cannot slip past: every parent/child write
   * holds the lineage lock (the ancestor rule spans the whole graph) and every write holds both people's
   * locks, taken lineage first, then people in ascending order.
   */
  async add(user: Identity, dto: AddRelationDto): Promise<FamilyRelation> {
    const fromUserId = dto.fromUserId ?? user.id;
    const { toUserId, relationType } = dto;
    const people = await this.directory.lookup([fromUserId, toUserId]);
    if (!people.has(fromUserId) || !people.has(toUserId)) throw new NotFoundException(UNKNOWN_MEMBER);
    const nameOf = (id: number) => people.get(id)?.displayName ?? 'This person';

    if (fromUserId === toUserId) throw violationError({ rule: 'self' }, nameOf);
    const details = tieColumns(relationType, dto);
    const edge = edgeOf(fromUserId, toUserId, relationType, { kind: details.kind, current: details.isCurrent });

    const relation = await this.relations.inTransaction(async (graph) => {
      if (edge.kind === 'lineage' || (dto.inheritRelations && relationType !== 'spouse')) await graph.lockLineage();
      await graph.lockPeople([fromUserId, toUserId]);

      const violation = await findViolation(graph, edge);
      // A pair is named the way round it was asked for.
      if (violation?.rule === 'one-relation-per-pair')
        throw violationError({ ...violation, a: fromUserId, b: toUserId }, nameOf);
      if (violation) throw violationError(violation, nameOf);
      const created = await graph.insert({ fromUserId, toUserId, relationType, createdBy: user.id, details });
      // Only a unique-index conflict leaves nothing inserted: a pair written at the very same moment.
      if (!created) throw violationError({ rule: 'one-relation-per-pair', a: fromUserId, b: toUserId }, nameOf);
      await graph.recordChange('add', null, created, user.id);

      if (dto.inheritRelations) {
        const relatives = await graph.relativesOf(fromUserId);
        for (const inherited of inheritedRelations(fromUserId, toUserId, relationType, relatives, user.id)) {
          // An inherited relation that would break a rule is left out; the one asked for still stands.
          const broken = await findViolation(
            graph,
            edgeOf(inherited.fromUserId, inherited.toUserId, inherited.relationType),
          );
          const added = broken ? null : await graph.insert(inherited);
          if (added) await graph.recordChange('add', null, added, user.id);
        }
      }
      return created;
    });
    return mapRelation(relation, people, fromUserId);
  }

  /** The relations needed to draw `rootId`'s tree, read from the root's side, with one directory call. */
  async tree(rootId: number): Promise<FamilyRelation[]> {
    const rows = await this.relations.findForTree(rootId);
    const people = await this.directory.lookup([rootId, ...rows.flatMap((r) => [r.fromUserId, r.toUserId])]);
    if (!people.has(rootId)) throw new NotFoundException(UNKNOWN_ROOT);
    const parents = new Set(rows.map((row) => parentIn(row, rootId)).filter((id): id is number => id !== null));
    return rows
      .filter((row) => people.has(row.fromUserId) && people.has(row.toUserId))
      .map((row) => mapRelation(row, people, viewerFor(row, rootId, parents)));
  }

  /** docs/rights.md "Family rights": either person in it, or whoever created it. */
  async delete(user: Identity, id: number): Promise<MessageResponse> {
    const relation = await this.relations.findById(id);
    if (!relation) throw new NotFoundException(UNKNOWN_RELATION);
    await this.mayChange(user, relation);
    await this.relations.inTransaction(async (graph) => {
      const current = await graph.lockedRelation(id);
      if (!current) return;
      await graph.delete(id);
      await graph.recordChange('delete', current, null, user.id);
    });
    return { message: 'Relationship deleted successfully' };
  }

  /**
   * Changes what genealogy holds of a relation (kind, current, marriage and divorce), under the same rights
   * as deleting it and the same graph rules as adding it.
   */
  async update(user: Identity, id: number, dto: TieDetailsDto): Promise<FamilyRelation> {
    const found = await this.relations.findById(id);
    if (!found) throw new NotFoundException(UNKNOWN_RELATION);
    const people = await this.mayChange(user, found);
    const nameOf = (personId: number) => people.get(personId)?.displayName ?? 'This person';
    const columns = tieColumns(found.relationType, dto);
    const updated = await this.relations.inTransaction(async (graph) => {
      const becomesBirth = found.relationType !== 'spouse' && columns.kind === 'birth';
      if (becomesBirth) await graph.lockLineage();
      await graph.lockPeople([found.fromUserId, found.toUserId]);
      const relation = await graph.lockedRelation(id);
      if (!relation) throw new NotFoundException(UNKNOWN_RELATION);
      const edge = edgeOf(relation.fromUserId, relation.toUserId, relation.relationType);
      if (edge.kind === 'lineage' && becomesBirth && relation.kind !== 'birth') {
        if ((await graph.parentCount(edge.childId)) >= 2)
          throw violationError({ rule: 'two-parents', childId: edge.childId }, nameOf);
      }
      if (edge.kind === 'spouse' && columns.isCurrent === true && !relation.isCurrent) {
        for (const personId of [edge.a, edge.b]) {
          if (await graph.hasSpouse(personId)) throw violationError({ rule: 'one-spouse', userId: personId }, nameOf);
        }
      }
      const changed = await graph.update(id, columns);
      await graph.recordChange('update', relation, changed, user.id);
      return changed;
    });
    return mapRelation(updated, people, user.id);
  }

  /**
   * GET /api/family/tree/{id}: the people around a person and the ties among them, in three batched reads (who,
   * their ties, their fields from profile). Siblings are those who share a parent, and explicit sibling rows.
   */
  async treeAround(rootId: number, up: number, down: number): Promise<FamilyTree> {
    const { ids, ties: rows } = await this.relations.treeAround(rootId, up, down);
    // Kept while profile announces no change of people (docs/architecture.md "Caches").
    const people = await this.directory.lookupPeople(ids);
    const found = ids.flatMap((id) => people.get(id) ?? []);
    if (!found.some((person) => person.id === rootId)) throw new NotFoundException(UNKNOWN_ROOT);
    const known = new Set(found.map((person) => person.id));
    const tree: FamilyTree = { rootId, people: found, childTies: [], partnerships: [], siblings: [] };
    for (const row of rows) {
      if (!known.has(row.fromUserId) || !known.has(row.toUserId)) continue;
      const pair = [row.fromUserId, row.toUserId].sort((a, b) => a - b) as [number, number];
      if (row.relationType === 'sibling') tree.siblings.push({ id: row.id, personIds: pair });
      else if (row.relationType === 'spouse') {
        tree.partnerships.push({
          id: row.id,
          personIds: pair,
          kind: row.kind as PartnershipKind,
          current: row.isCurrent,
          start: lifeEvent(row.startDate, row.startPlace),
          end: lifeEvent(row.endDate, row.endPlace),
        });
      } else {
        const edge = edgeOf(row.fromUserId, row.toUserId, row.relationType);
        if (edge.kind === 'lineage') {
          tree.childTies.push({
            id: row.id,
            childId: edge.childId,
            parentId: edge.parentId,
            kind: row.kind as ChildTieKind,
          });
        }
      }
    }
    return tree;
  }

  /**
   * POST /api/family/history/{changeId}/undo: puts a tie back as it was before a change (an added tie goes, a
   * removed one returns with its id, a changed one gets its old details), only while the tie is still as that
   * change left it, under the rights of changing it and the graph rules of adding it. Recorded as a change of its
   * own, so an undo can be undone.
   */
  async undoTieChange(user: Identity, changeId: number): Promise<TieChange> {
    const change = await this.relations.findTieChange(changeId);
    if (!change) throw new NotFoundException('This change is not in the history of the family tree.');
    const tie = (change.after ?? change.before)!;
    const people = await this.mayChange(user, {
      fromUserId: tie.fromUserId,
      toUserId: tie.toUserId,
      createdBy: change.changed_by,
    });
    const nameOf = (personId: number) => people.get(personId)?.displayName ?? 'This person';
    const stale = () => new ConflictException('This tie has been changed since; undo the later change first.');
    const recorded = await this.relations.inTransaction(async (graph) => {
      await graph.lockLineage();
      await graph.lockPeople([tie.fromUserId, tie.toUserId]);
      const current = await graph.lockedRelation(change.relation_id);
      if (change.action === 'delete') {
        if (current) throw stale();
        const before = change.before!;
        const edge = edgeOf(before.fromUserId, before.toUserId, before.relationType, {
          kind: before.kind ?? undefined,
          current: before.current,
        });
        const violation = await findViolation(graph, edge);
        if (violation) throw violationError(violation, nameOf);
        const restored = await graph.insert({
          id: change.relation_id,
          fromUserId: before.fromUserId,
          toUserId: before.toUserId,
          relationType: before.relationType,
          createdBy: user.id,
          details: tieColumns(before.relationType, detailsOf(before)),
        });
        if (!restored) throw stale();
        return graph.recordChange('add', null, restored, user.id);
      }
      if (!current || !sameTie(tieSnapshot(current), change.after!)) throw stale();
      if (change.action === 'add') {
        await graph.delete(current.id);
        return graph.recordChange('delete', current, null, user.id);
      }
      const before = change.before!;
      const edge = edgeOf(current.fromUserId, current.toUserId, current.relationType);
      if (edge.kind === 'lineage' && before.kind === 'birth' && current.kind !== 'birth') {
        if ((await graph.parentCount(edge.childId)) >= 2)
          throw violationError({ rule: 'two-parents', childId: edge.childId }, nameOf);
      }
      if (edge.kind === 'spouse' && before.current && !current.isCurrent) {
        for (const personId of [edge.a, edge.b]) {
          if (await graph.hasSpouse(personId)) throw violationError({ rule: 'one-spouse', userId: personId }, nameOf);
        }
      }
      const changed = await graph.update(current.id, tieColumns(current.relationType, detailsOf(before)));
      return graph.recordChange('update', current, changed, user.id);
    });
    const [entry] = await this.describeTieChanges([recorded], people);
    return entry!;
  }

  /** GET /api/family/history/{id}: who added, changed or removed the person's ties, newest first. */
  async tieHistory(personId: number): Promise<TieChange[]> {
    const rows = await this.relations.tieHistory(personId);
    const ids = rows.flatMap((row) => {
      const tie = (row.after ?? row.before)!;
      return [tie.fromUserId, tie.toUserId, row.changed_by];
    });
    const people = await this.directory.lookup([personId, ...ids]);
    if (!people.has(personId)) throw new NotFoundException(UNKNOWN_ROOT);
    return this.describeTieChanges(rows, people);
  }

  /** Rows newest first; the first of each tie is the one still in force, so the one an undo applies to. */
  private describeTieChanges(rows: TieChangeRow[], people: Map<number, PersonSummary>): TieChange[] {
    const seen = new Set<number>();
    return rows.map((row) => {
      const tie = (row.after ?? row.before)!;
      const undoable = !seen.has(row.relation_id);
      seen.add(row.relation_id);
      return {
        id: row.id,
        relationId: row.relation_id,
        action: row.action,
        before: row.before,
        after: row.after,
        people: [tie.fromUserId, tie.toUserId].flatMap((id) => people.get(id) ?? []),
        changedBy: people.get(row.changed_by) ?? null,
        changedAt: new Date(row.changed_at).toISOString(),
        undoable,
      };
    });
  }

  /**
   * docs/rights.md: a relation is changed by either person in it or whoever added it; a relation of someone
   * without an account by any member. Answers the two people.
   */
  private async mayChange(
    user: Identity,
    relation: Pick<RelationEntity, 'fromUserId' | 'toUserId' | 'createdBy'>,
  ): Promise<Map<number, PersonSummary>> {
    const people = await this.directory.lookup([relation.fromUserId, relation.toUserId]);
    const withoutAccount = [relation.fromUserId, relation.toUserId].some((id) => people.get(id)?.username === null);
    if (!withoutAccount && ![relation.fromUserId, relation.toUserId, relation.createdBy].includes(user.id)) {
      throw new ForbiddenException('Only the two people in a relation, or whoever added it, can delete it.');
    }
    return people;
  }

  /**
   * A duplicate person is folded into another (PersonRemovalService): their relations move, in one transaction that
   * is refused whole when the merged person would have a third birth parent, a second current partner, or be
   * their own ancestor. Idempotent: a source without relations moves nothing.
   */
  async merge(sourceId: number, targetId: number, targetName: string): Promise<void> {
    const nameOf = (_id: number) => targetName;
    await this.relations.inTransaction(async (graph) => {
      await graph.lockLineage();
      await graph.lockPeople([sourceId, targetId]);
      await graph.moveRelations(sourceId, targetId);
      if ((await graph.parentCount(targetId)) > 2) {
        throw new ConflictException(`Merging would give ${nameOf(targetId)} more than two birth parents.`);
      }
      if ((await graph.currentPartnerships(targetId)) > 1) {
        throw new ConflictException(`Merging would give ${nameOf(targetId)} two current partners.`);
      }
      if (await graph.isOwnAncestor(targetId)) {
        throw new ConflictException(`Merging would make ${nameOf(targetId)} their own ancestor.`);
      }
    });
  }

  /** Account deletion: nothing of the person stays in anyone's tree. */
  async purge(userId: number): Promise<void> {
    await this.relations.deleteAllOf(userId);
  }
}

/** What a snapshot says of a tie, as the relation API takes it (a sibling has nothing to say). */
function detailsOf(snapshot: TieSnapshot): TieDetails {
  if (snapshot.relationType === 'sibling') return {};
  if (snapshot.relationType !== 'spouse') return { kind: snapshot.kind ?? undefined };
  return { kind: snapshot.kind ?? undefined, current: snapshot.current, start: snapshot.start, end: snapshot.end };
}

/** Field by field: a snapshot read back from jsonb has its keys in another order. */
function sameTie(a: TieSnapshot, b: TieSnapshot): boolean {
  const event = (e: TieSnapshot['start']) => `${e?.date ?? ''}|${e?.place ?? ''}`;
  return (
    a.relationType === b.relationType &&
    a.fromUserId === b.fromUserId &&
    a.toUserId === b.toUserId &&
    a.kind === b.kind &&
    a.current === b.current &&
    event(a.start) === event(b.start) &&
    event(a.end) === event(b.end)
  );
}

/** The parent of `childId` in this row, or null when the row is not about `childId`'s parents. */
function parentIn(row: RelationEntity, childId: number): number | null {
  if (row.fromUserId === childId && row.relationType === 'parent') return row.toUserId;
  if (row.toUserId === childId && row.relationType === 'child') return row.fromUserId;
  return null;
}

/** Read each row from the root's side when the root is in it, else from the root's parent's side. */
function viewerFor(row: RelationEntity, rootId: number, parents: Set<number>): number | undefined {
  if (row.fromUserId === rootId || row.toUserId === rootId) return rootId;
  if (parents.has(row.fromUserId)) return row.fromUserId;
  if (parents.has(row.toUserId)) return row.toUserId;
  return undefined;
}
