import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import type { FamilyRelation, MessageResponse } from '@family/contract';
import { DirectoryClient, type Identity } from '@family/shared';
import { mapRelation, type AddRelationDto } from '../dtos/relation.dto';
import type { RelationEntity } from '../entities/relation.entity';
import { RelationRepository } from '../repositories/relation.repository';
import { edgeOf, findViolation, inheritedRelations, violationError } from './family-graph';

const UNKNOWN_MEMBER = 'Invalid family member selected';
const UNKNOWN_ROOT = 'This person is not in the family archive.';

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

    const edge = edgeOf(fromUserId, toUserId, relationType);
    if (fromUserId === toUserId) throw violationError({ rule: 'self' }, nameOf);

    const relation = await this.relations.inTransaction(async (graph) => {
      if (edge.kind === 'lineage' || (dto.inheritRelations && relationType !== 'spouse')) await graph.lockLineage();
      await graph.lockPeople([fromUserId, toUserId]);

      const violation = await findViolation(graph, edge);
      // A pair is named the way round it was asked for.
      if (violation?.rule === 'one-relation-per-pair')
        throw violationError({ ...violation, a: fromUserId, b: toUserId }, nameOf);
      if (violation) throw violationError(violation, nameOf);
      const created = await graph.insert({ fromUserId, toUserId, relationType, createdBy: user.id });
      // Only a unique-index conflict leaves nothing inserted: a pair written at the very same moment.
      if (!created) throw violationError({ rule: 'one-relation-per-pair', a: fromUserId, b: toUserId }, nameOf);

      if (dto.inheritRelations) {
        const relatives = await graph.relativesOf(fromUserId);
        for (const inherited of inheritedRelations(fromUserId, toUserId, relationType, relatives, user.id)) {
          // An inherited relation that would break a rule is left out; the one asked for still stands.
          const broken = await findViolation(
            graph,
            edgeOf(inherited.fromUserId, inherited.toUserId, inherited.relationType),
          );
          if (!broken) await graph.insert(inherited);
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
    if (!relation) throw new NotFoundException('This relation does not exist. It may have been deleted already.');
    if (![relation.fromUserId, relation.toUserId, relation.createdBy].includes(user.id)) {
      throw new ForbiddenException('Only the two people in a relation, or whoever added it, can delete it.');
    }
    await this.relations.delete(id);
    return { message: 'Relationship deleted successfully' };
  }

  /** Account deletion: nothing of the person stays in anyone's tree. */
  async purge(userId: number): Promise<void> {
    await this.relations.deleteAllOf(userId);
  }
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
