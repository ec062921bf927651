/** What `toUser` is to `fromUser` (docs/product.md "Relation direction"). */
export type RelationType = 'parent' | 'child' | 'sibling' | 'spouse';

export const RELATION_TYPES: ReadonlyArray<{ value: RelationType; label: string }> = [
  { value: 'parent', label: 'Parent' },
  { value: 'child', label: 'Child' },
  { value: 'sibling', label: 'Sibling' },
  { value: 'spouse', label: 'Spouse' },
];

/** A person as the tree shows them. */
export type FamilyPerson = {
  id: number;
  username: string;
  displayName: string;
  profilePicture?: string | null;
};

/** One row of GET /api/family/{rootUserId} (docs/api.md "Relation"). */
export type FamilyRelation = {
  id: number;
  fromUserId: number;
  toUserId: number;
  relationType: RelationType;
  fromUser: FamilyPerson;
  toUser: FamilyPerson;
};

/**
 * A relative's new account: the body of POST /api/family/create-member and of POST /api/register?autoLogin=false.
 * Empty optional fields are left out.
 */
export type NewAccountInput = {
  username: string;
  password: string;
  displayName: string;
  email?: string;
  /** YYYY-MM-DD. */
  birthday?: string;
};
