import type { LifeEvent, PersonListItem } from './people';
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
export interface AddRelationRequest extends TieDetails {
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

/** How a child is tied to one parent (GEDCOM's PEDI). */
export const CHILD_TIE_KINDS = ['birth', 'adopted', 'foster', 'step'] as const;
export type ChildTieKind = (typeof CHILD_TIE_KINDS)[number];

/** What a partnership is, or became. */
export const PARTNERSHIP_KINDS = ['married', 'divorced', 'widowed', 'unmarried'] as const;
export type PartnershipKind = (typeof PARTNERSHIP_KINDS)[number];

/**
 * What genealogy adds to a relation, on POST /api/family and PATCH /api/family/{id}: a parent or child relation
 * takes a ChildTieKind (birth when left out), a spouse relation a PartnershipKind (married), whether it is the
 * current partnership (true), and its start (marriage) and end (divorce). Sibling relations take none of these.
 */
export interface TieDetails {
  kind?: ChildTieKind | PartnershipKind;
  current?: boolean;
  start?: LifeEvent | null;
  end?: LifeEvent | null;
}

/** PATCH /api/family/{id}: only the fields sent change. Answers FamilyRelation. */
export type UpdateTieRequest = TieDetails;

/** One child tied to one parent. */
export interface ChildTie {
  id: number;
  childId: number;
  parentId: number;
  kind: ChildTieKind;
}

/** Two partners, in ascending id order. */
export interface Partnership {
  id: number;
  personIds: [number, number];
  kind: PartnershipKind;
  current: boolean;
  start: LifeEvent | null;
  end: LifeEvent | null;
}

/** A sibling relation kept where no shared parent is recorded (siblings are otherwise those who share one). */
export interface SiblingTie {
  id: number;
  personIds: [number, number];
}

/**
 * GET /api/family/tree/{id}?up=N&down=N (N 0–10, default 3): the people around a person, N generations up and
 * down, their siblings, and the partners of all of them, with the ties among them.
 */
export interface FamilyTree {
  rootId: number;
  people: PersonListItem[];
  childTies: ChildTie[];
  partnerships: Partnership[];
  siblings: SiblingTie[];
}

export const TREE_DEPTH_DEFAULT = 3;
export const TREE_DEPTH_MAX = 10;

/** A tie as a person's history records it. */
export interface TieSnapshot {
  relationType: RelationType;
  fromUserId: number;
  toUserId: number;
  kind: ChildTieKind | PartnershipKind | null;
  current: boolean;
  start: LifeEvent | null;
  end: LifeEvent | null;
}

/** GET /api/family/history/{id}: who added, changed or removed a tie of the person, newest first. */
export interface TieChange {
  id: number;
  relationId: number;
  action: 'add' | 'update' | 'delete';
  before: TieSnapshot | null;
  after: TieSnapshot | null;
  /** The two people of the tie (a person the directory no longer knows is left out). */
  people: PersonSummary[];
  changedBy: PersonSummary | null;
  /** ISO timestamp. */
  changedAt: string;
  /** The latest change of its tie: undoing it puts the tie back as it was before (POST …/undo). */
  undoable: boolean;
}
