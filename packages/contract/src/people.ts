import type { PersonSummary } from './person';

/** Sex as genealogy records it: female, male, intersex or other, unknown. */
export const SEXES = ['F', 'M', 'X', 'U'] as const;
export type Sex = (typeof SEXES)[number];

export const PERSON_NAME_MAX = 120;
export const PLACE_MAX = 200;
export const GENEALOGICAL_DATE_MAX = 100;
export const PEOPLE_PAGE_DEFAULT = 50;
export const PEOPLE_PAGE_MAX = 200;
/** The longest search text GET /api/people takes: far beyond any name, and a search that stays quick. */
export const PEOPLE_QUERY_MAX = 200;

/** A birth or a death: a genealogical date kept verbatim (`ABT 1850`, `BET 1900 AND 1910`) and a place. */
export interface LifeEvent {
  date: string | null;
  place: string | null;
}

/** A row of GET /api/people, and the person fields of GET /api/people/{id}. */
export interface PersonListItem extends PersonSummary {
  /** Whether the person can sign in (has a username): a member of the archive. */
  hasAccount: boolean;
  givenName: string | null;
  surname: string | null;
  sex: Sex;
  /** Null when nothing is known of the birth. */
  birth: LifeEvent | null;
  /** Null unless a death is known (a death without a date or place is `{date: null, place: null}`). */
  death: LifeEvent | null;
  /** No death known, and a birth not over 110 years ago. */
  living: boolean;
}

/** GET /api/people/{id}: a person with or without an account. */
export interface PersonDetail extends PersonListItem {
  story: string | null;
}

/** GET /api/people?q=&members=&limit=&cursor= */
export interface PeopleQuery {
  /**
   * Any part of any name from three characters on, the start of a name's word when shorter; case-insensitive,
   * taken literally (`%`, `_` and a backslash are plain characters), at most PEOPLE_QUERY_MAX characters. With it
   * the list is ranked: members first, then those whose display name begins with it, then those with a name that
   * begins with it, then the rest, each by display name.
   */
  q?: string;
  /** `true`: members (people with an account) only. */
  members?: 'true' | 'false';
  limit?: number;
  cursor?: string;
}

export interface PeoplePage {
  items: PersonListItem[];
  nextCursor: string | null;
}

/**
 * POST /api/people (a person without an account) and PATCH /api/people/{id} (only the fields sent change; null
 * clears one). `displayName` defaults to the given name and surname. Answers PersonDetail.
 */
export interface PersonFields {
  displayName?: string;
  givenName?: string | null;
  surname?: string | null;
  sex?: Sex;
  birth?: LifeEvent | null;
  death?: LifeEvent | null;
  story?: string | null;
}

/** One entry of GET /api/people/{id}/history, newest first. */
export interface PersonChange {
  id: number;
  personId: number;
  action: 'create' | 'update' | 'undo';
  /** The fields as they were before and after, only those that changed (PersonFields shape). */
  before: PersonFields;
  after: PersonFields;
  changedBy: PersonSummary | null;
  /** ISO timestamp. */
  changedAt: string;
  /** The undo that reverted this change, if any. */
  undoneBy: number | null;
}

/** POST /api/people/{id}/invite: a one-time sign-up as this person, for seven days. */
export interface PersonInvite {
  code: string;
  /** Opens the sign-up screen with the code filled in (a path on the archive's own address). */
  url: string;
  /** ISO timestamp. */
  expiresAt: string;
}

/** POST /api/people/{id}/merge: the person (without an account) is folded into `intoId`. Answers PersonDetail. */
export interface MergePersonRequest {
  intoId: number;
}

/**
 * POST /internal/people/{id}/merge (profile), sent by family once the ties and tags have moved: the profile's part
 * of a merge, its missing fields recorded as changed by `changedBy`. Answers PersonDetail.
 */
export interface MergeProfileRequest {
  intoId: number;
  changedBy: number;
}

/**
 * POST /internal/people/{id}/merge (media), sent by family: the person's tags move to `intoId`; those on items
 * `actingUserId` may not edit that would show them to `intoId` wait for confirmation.
 */
export interface MergeTagsRequest {
  intoId: number;
  actingUserId: number;
}

/**
 * POST /internal/people/{id}/account-tags (media), sent by auth before an invite makes the person a member: their
 * tags on items the inviter may not edit that would show them the item wait for confirmation.
 */
export interface NewAccountTagsRequest {
  invitedBy: number;
}

/** PUT /internal/profiles/{id}/account (profile), sent by auth when an invite is used. Answers UserProfile. */
export interface BecomeMemberRequest {
  username: string;
  displayName: string | null;
  email: string | null;
  dateOfBirth: string | null;
}
