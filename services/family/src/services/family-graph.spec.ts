import { BadRequestException, ConflictException } from '@nestjs/common';
import { mapRelation } from '../dtos/relation.dto';
import { RelationEntity } from '../entities/relation.entity';
import { edgeOf, findViolation, inheritedRelations, violationError, type GraphReader } from './family-graph';

describe('family graph', () => {
  describe(edgeOf.name, () => {
    it('reads relationType as what toUser is to fromUser', () => {
      expect(edgeOf(1, 2, 'parent')).toEqual({ kind: 'lineage', parentId: 2, childId: 1 });
      expect(edgeOf(1, 2, 'child')).toEqual({ kind: 'lineage', parentId: 1, childId: 2 });
      expect(edgeOf(1, 2, 'spouse')).toEqual({ kind: 'spouse', a: 1, b: 2 });
      expect(edgeOf(1, 2, 'sibling')).toEqual({ kind: 'sibling', a: 1, b: 2 });
    });
  });

  describe(findViolation.name, () => {
    const graph = (overrides: Partial<GraphReader> = {}): GraphReader => ({
      relationBetween: async () => false,
      parentCount: async () => 0,
      hasSpouse: async () => false,
      isAncestor: async () => false,
      ...overrides,
    });

    it('passes an edge that breaks nothing', async () => {
      expect(await findViolation(graph(), edgeOf(1, 2, 'parent'))).toBeNull();
    });

    it('names the first rule broken', async () => {
      expect(await findViolation(graph(), edgeOf(3, 3, 'sibling'))).toEqual({ rule: 'self' });
      expect(await findViolation(graph({ relationBetween: async () => true }), edgeOf(1, 2, 'spouse'))).toEqual({
        rule: 'one-relation-per-pair',
        a: 1,
        b: 2,
      });
      expect(await findViolation(graph({ parentCount: async () => 2 }), edgeOf(1, 2, 'parent'))).toEqual({
        rule: 'two-parents',
        childId: 1,
      });
      // 1 is already 2's ancestor: 2 may become 1's child, never 1's parent.
      const oneAboveTwo = graph({ isAncestor: async (ancestor, of) => ancestor === 1 && of === 2 });
      expect(await findViolation(oneAboveTwo, edgeOf(1, 2, 'child'))).toBeNull();
      expect(await findViolation(oneAboveTwo, edgeOf(1, 2, 'parent'))).toEqual({
        rule: 'own-ancestor',
        parentId: 2,
        childId: 1,
      });
      expect(
        await findViolation(graph({ isAncestor: async (a, u) => a === 2 && u === 1 }), edgeOf(1, 2, 'child')),
      ).toEqual({
        rule: 'own-ancestor',
        parentId: 1,
        childId: 2,
      });
      expect(await findViolation(graph({ hasSpouse: async (id) => id === 2 }), edgeOf(1, 2, 'spouse'))).toEqual({
        rule: 'one-spouse',
        userId: 2,
      });
    });

    it('does not count parents or spouses for siblings', async () => {
      const busy = graph({ parentCount: async () => 2, hasSpouse: async () => true, isAncestor: async () => true });
      expect(await findViolation(busy, edgeOf(1, 2, 'sibling'))).toBeNull();
    });
  });

  describe(violationError.name, () => {
    const names: Record<number, string> = { 1: 'Rose', 2: 'Tom' };
    const nameOf = (id: number) => names[id];

    it('answers 400 for oneself and 409 with the rule for the rest', () => {
      expect(violationError({ rule: 'self' }, nameOf)).toBeInstanceOf(BadRequestException);
      const spouse = violationError({ rule: 'one-spouse', userId: 2 }, nameOf);
      expect(spouse).toBeInstanceOf(ConflictException);
      expect(spouse.message).toBe('Tom already has a spouse. A person can have only one.');
      expect(violationError({ rule: 'own-ancestor', parentId: 1, childId: 2 }, nameOf).message).toBe(
        "Rose cannot be Tom's parent: Tom is already Rose's ancestor, and nobody can be their own ancestor.",
      );
    });
  });

  describe(inheritedRelations.name, () => {
    const relatives = [
      { userId: 10, relationType: 'spouse' as const },
      { userId: 11, relationType: 'child' as const },
      { userId: 12, relationType: 'parent' as const },
      { userId: 13, relationType: 'sibling' as const },
      { userId: 99, relationType: 'child' as const },
    ];

    it('makes a new child the child of the spouse and a sibling of the other children', () => {
      expect(inheritedRelations(1, 99, 'child', relatives, 1)).toEqual([
        { fromUserId: 10, toUserId: 99, relationType: 'child', createdBy: 1 },
        { fromUserId: 11, toUserId: 99, relationType: 'sibling', createdBy: 1 },
      ]);
    });

    it('makes a new parent the parent of the siblings', () => {
      expect(inheritedRelations(1, 99, 'parent', relatives, 1)).toEqual([
        { fromUserId: 13, toUserId: 99, relationType: 'parent', createdBy: 1 },
      ]);
    });

    it('makes a new sibling the child of the parents and a sibling of the other siblings', () => {
      expect(inheritedRelations(1, 99, 'sibling', relatives, 1)).toEqual([
        { fromUserId: 12, toUserId: 99, relationType: 'child', createdBy: 1 },
        { fromUserId: 13, toUserId: 99, relationType: 'sibling', createdBy: 1 },
      ]);
    });

    it('gives a spouse nothing', () => {
      expect(inheritedRelations(1, 99, 'spouse', relatives, 1)).toEqual([]);
    });
  });

  describe(mapRelation.name, () => {
    const people = new Map([
      [1, { id: 1, username: 'me', displayName: 'Me', profilePicture: null }],
      [2, { id: 2, username: 'alice', displayName: 'Alice', profilePicture: null }],
    ]);
    const row = Object.assign(new RelationEntity(), { id: 5, fromUserId: 1, toUserId: 2, relationType: 'parent' });

    it('reads the row from the other side with parent and child inverted', () => {
      expect(mapRelation(row, people, 1)).toMatchObject({ fromUserId: 1, toUserId: 2, relationType: 'parent' });
      expect(mapRelation(row, people, 2)).toMatchObject({
        fromUserId: 2,
        toUserId: 1,
        relationType: 'child',
        fromUser: { displayName: 'Alice' },
        toUser: { displayName: 'Me' },
      });
    });
  });
});
