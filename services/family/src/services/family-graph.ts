import { BadRequestException, ConflictException, type HttpException } from '@nestjs/common';
import type { RelationType } from '@family/contract';
import type { NewRelation, Relative } from '../repositories/relation.repository';

/**
 * A relation as the graph rules see it: who is whose parent (and whether by birth), or a symmetric tie (and
 * for partners, whether it is the current partnership).
 */
export type Edge =
  | { kind: 'lineage'; parentId: number; childId: number; birth?: boolean }
  | { kind: 'spouse'; a: number; b: number; current?: boolean }
  | { kind: 'sibling'; a: number; b: number };

/** `relationType` says what `toUserId` is to `fromUserId`; a tie is by birth and current unless `details` say not. */
export function edgeOf(
  fromUserId: number,
  toUserId: number,
  relationType: RelationType,
  details: { kind?: string | null; current?: boolean } = {},
): Edge {
  const birth = (details.kind ?? 'birth') === 'birth';
  switch (relationType) {
    case 'parent':
      return { kind: 'lineage', parentId: toUserId, childId: fromUserId, ...(birth ? {} : { birth }) };
    case 'child':
      return { kind: 'lineage', parentId: fromUserId, childId: toUserId, ...(birth ? {} : { birth }) };
    case 'spouse':
      return { kind: 'spouse', a: fromUserId, b: toUserId, ...(details.current === false ? { current: false } : {}) };
    default:
      return { kind: relationType, a: fromUserId, b: toUserId };
  }
}

export function peopleOf(edge: Edge): [number, number] {
  return edge.kind === 'lineage' ? [edge.parentId, edge.childId] : [edge.a, edge.b];
}

/** A broken rule of docs/product.md "Family graph rules". */
export type Violation =
  | { rule: 'self' }
  | { rule: 'one-relation-per-pair'; a: number; b: number }
  | { rule: 'two-parents'; childId: number }
  | { rule: 'own-ancestor'; parentId: number; childId: number }
  | { rule: 'one-spouse'; userId: number };

/** What the rules need to read; implemented by the repository inside the locked transaction. */
export interface GraphReader {
  relationBetween(a: number, b: number): Promise<boolean>;
  /** Birth parents only. */
  parentCount(childId: number): Promise<number>;
  /** A current partnership only. */
  hasSpouse(userId: number): Promise<boolean>;
  isAncestor(ancestorId: number, userId: number): Promise<boolean>;
}

/** The first rule the edge would break in the graph as it stands, or null. */
export async function findViolation(graph: GraphReader, edge: Edge): Promise<Violation | null> {
  const [a, b] = peopleOf(edge);
  if (a === b) return { rule: 'self' };
  if (await graph.relationBetween(a, b)) return { rule: 'one-relation-per-pair', a, b };
  if (edge.kind === 'lineage') {
    // Two birth parents at most; adoptive, foster and step parents come beside them.
    if (edge.birth !== false && (await graph.parentCount(edge.childId)) >= 2) {
      return { rule: 'two-parents', childId: edge.childId };
    }
    // The new parent may not descend from the child: the child would become their own ancestor.
    if (await graph.isAncestor(edge.childId, edge.parentId)) {
      return { rule: 'own-ancestor', parentId: edge.parentId, childId: edge.childId };
    }
  }
  // Former partners are many over a life; one partnership is current at a time.
  if (edge.kind === 'spouse' && edge.current !== false) {
    for (const userId of [edge.a, edge.b]) {
      if (await graph.hasSpouse(userId)) return { rule: 'one-spouse', userId };
    }
  }
  return null;
}

/** The sentence (and status) a person sees for a broken rule. */
export function violationError(violation: Violation, nameOf: (userId: number) => string): HttpException {
  switch (violation.rule) {
    case 'self':
      return new BadRequestException('A person cannot have a relation to themselves.');
    case 'one-relation-per-pair':
      return new ConflictException(
        `${nameOf(violation.a)} and ${nameOf(violation.b)} are already related. Two people can have only one relation.`,
      );
    case 'two-parents':
      return new ConflictException(`${nameOf(violation.childId)} already has two parents. Nobody can have more.`);
    case 'own-ancestor': {
      const parent = nameOf(violation.parentId);
      const child = nameOf(violation.childId);
      return new ConflictException(
        `${parent} cannot be ${child}'s parent: ${child} is already ${parent}'s ancestor, and nobody can be their own ancestor.`,
      );
    }
    case 'one-spouse':
      return new ConflictException(`${nameOf(violation.userId)} already has a spouse. A person can have only one.`);
  }
}

/**
 * docs/product.md "Inherited relations": what a new member, just added as `relationType` of `anchorId`, also becomes
 * to the anchor's relatives (read from the anchor's side). A spouse inherits nothing.
 */
export function inheritedRelations(
  anchorId: number,
  newMemberId: number,
  relationType: RelationType,
  anchorRelatives: Relative[],
  createdBy: number,
): NewRelation[] {
  const others = anchorRelatives.filter((relative) => relative.userId !== newMemberId && relative.userId !== anchorId);
  const ids = (type: RelationType) => others.filter((r) => r.relationType === type).map((r) => r.userId);
  const make = (fromUserId: number, type: RelationType): NewRelation => ({
    fromUserId,
    toUserId: newMemberId,
    relationType: type,
    createdBy,
  });
  switch (relationType) {
    case 'child':
      // Also the child of the anchor's spouse, and a sibling of the anchor's other children.
      return [...ids('spouse').map((id) => make(id, 'child')), ...ids('child').map((id) => make(id, 'sibling'))];
    case 'parent':
      // Also the parent of the anchor's siblings.
      return ids('sibling').map((id) => make(id, 'parent'));
    case 'sibling':
      // Also the child of the anchor's parents, and a sibling of the anchor's other siblings.
      return [...ids('parent').map((id) => make(id, 'child')), ...ids('sibling').map((id) => make(id, 'sibling'))];
    case 'spouse':
      return [];
  }
}
