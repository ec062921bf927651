import { IsBoolean, IsIn, IsOptional } from 'class-validator';
import {
  RELATION_TYPES,
  type AddRelationRequest,
  type FamilyRelation,
  type PersonSummary,
  type RelationType,
} from '@family/contract';
import { IsId } from '@family/shared';
import type { RelationEntity } from '../entities/relation.entity';

const SELECT_MEMBER = 'Please select a family member';
const SELECT_TYPE = 'Please select a relation type';

/** POST /api/family: `relationType` says what `toUserId` is to `fromUserId` (the caller unless given). */
export class AddRelationDto implements AddRelationRequest {
  @IsId({ message: SELECT_MEMBER })
  toUserId!: number;

  @IsIn(RELATION_TYPES, { message: SELECT_TYPE })
  relationType!: RelationType;

  @IsOptional()
  @IsId({ message: 'Invalid family member selected' })
  fromUserId?: number;

  /** Set when the relation is for a newly created member: see docs/product.md "Inherited relations". */
  @IsOptional()
  @IsBoolean({ message: 'inheritRelations must be true or false' })
  inheritRelations?: boolean;
}

/** What `type` says of the other end when the relation is read from the other side. */
export function invertRelationType(type: RelationType): RelationType {
  if (type === 'parent') return 'child';
  if (type === 'child') return 'parent';
  return type;
}

/**
 * A relation read from `viewerId`'s side when they are in it (they become `fromUser`, the type inverted if
 * the row was stored the other way round), else as stored.
 */
export function mapRelation(
  relation: RelationEntity,
  people: Map<number, PersonSummary>,
  viewerId?: number,
): FamilyRelation {
  const turn = viewerId !== undefined && relation.toUserId === viewerId && relation.fromUserId !== viewerId;
  const fromUserId = turn ? relation.toUserId : relation.fromUserId;
  const toUserId = turn ? relation.fromUserId : relation.toUserId;
  return {
    id: relation.id,
    fromUserId,
    toUserId,
    relationType: turn ? invertRelationType(relation.relationType) : relation.relationType,
    fromUser: people.get(fromUserId)!,
    toUser: people.get(toUserId)!,
  };
}
