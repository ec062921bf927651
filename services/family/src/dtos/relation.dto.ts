import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsObject, Max, Min, IsOptional, ValidateIf, ValidateNested } from 'class-validator';
import {
  CHILD_TIE_KINDS,
  PARTNERSHIP_KINDS,
  RELATION_TYPES,
  TREE_DEPTH_MAX,
  type AddRelationRequest,
  type ChildTieKind,
  type LifeEvent,
  type PartnershipKind,
  type TieDetails,
  type TieSnapshot,
  type FamilyRelation,
  type PersonSummary,
  type RelationType,
} from '@family/contract';
import { IsId, LifeEventDto } from '@family/shared';
import type { RelationEntity } from '../entities/relation.entity';

const SELECT_MEMBER = 'Please select a family member';
const SELECT_TYPE = 'Please select a relation type';

const given = (_dto: object, value: unknown) => value !== undefined && value !== null;

/** What genealogy adds to a relation; which of it fits which relation type is the service's to say. */
export class TieDetailsDto implements TieDetails {
  @IsOptional()
  @IsIn([...CHILD_TIE_KINDS, ...PARTNERSHIP_KINDS], {
    message:
      'kind must be birth, adopted, foster or step for a parent or child; married, divorced, widowed or unmarried for a partner',
  })
  kind?: ChildTieKind | PartnershipKind;

  @IsOptional()
  @IsBoolean({ message: 'current must be true or false' })
  current?: boolean;

  @ValidateIf(given)
  @ValidateNested()
  @Type(() => LifeEventDto)
  @IsObject({ message: 'start must be {date, place}' })
  start?: LifeEventDto | null;

  @ValidateIf(given)
  @ValidateNested()
  @Type(() => LifeEventDto)
  @IsObject({ message: 'end must be {date, place}' })
  end?: LifeEventDto | null;
}

/** POST /api/family: `relationType` says what `toUserId` is to `fromUserId` (the caller unless given). */
export class AddRelationDto extends TieDetailsDto implements AddRelationRequest {
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

const DEPTH_RULE = `up and down must be whole numbers from 0 to ${TREE_DEPTH_MAX}`;

/** GET /api/family/tree/{id}?up=N&down=N */
export class TreeQueryDto {
  @IsOptional()
  @Type(() => Number)
  @Max(TREE_DEPTH_MAX, { message: DEPTH_RULE })
  @Min(0, { message: DEPTH_RULE })
  @IsInt({ message: DEPTH_RULE })
  up?: number;

  @IsOptional()
  @Type(() => Number)
  @Max(TREE_DEPTH_MAX, { message: DEPTH_RULE })
  @Min(0, { message: DEPTH_RULE })
  @IsInt({ message: DEPTH_RULE })
  down?: number;
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

/** A marriage or divorce as the API shows it: null when neither date nor place is known. */
export function lifeEvent(date: string | null, place: string | null): LifeEvent | null {
  return date === null && place === null ? null : { date, place };
}

/** A relation as a person's history records it. */
export function tieSnapshot(relation: RelationEntity): TieSnapshot {
  return {
    relationType: relation.relationType,
    fromUserId: relation.fromUserId,
    toUserId: relation.toUserId,
    kind: relation.kind,
    current: relation.isCurrent,
    start: lifeEvent(relation.startDate, relation.startPlace),
    end: lifeEvent(relation.endDate, relation.endPlace),
  };
}
