import type { PersonSummary } from './person';

/** What `toUser` is to `fromUser`: `{from: me, to: alice, parent}` means Alice is my parent. */
export const RELATION_TYPES = ['parent', 'child', 'sibling', 'spouse'] as const;
export type RelationType = (typeof RELATION_TYPES)[number];

/**
 * One relation: a row of GET /api/family/{rootUserId} and the answer of POST /api/family. Read from the side
 * of a person in it, that person is `fromUser`.
 */
export interface FamilyRelation {
  id: number;
  fromUserId: number;
  toUserId: number;
  relationType: RelationType;
  fromUser: PersonSummary;
  toUser: PersonSummary;
}

/** POST /api/family */
export interface AddRelationRequest {
  toUserId: number;
  relationType: RelationType;
  /** Whose relation it is; the signed-in person when left out. */
  fromUserId?: number;
  /** For a member just created: they also become related to the other person's close family. */
  inheritRelations?: boolean;
}

/** POST /api/family/create-member: a relative's account, made by a signed-in member. Answers AccountResponse. */
export interface CreateMemberRequest {
  username: string;
  displayName: string;
  password: string;
  email?: string;
  /** A calendar date, `YYYY-MM-DD`. */
  birthday?: string;
}
