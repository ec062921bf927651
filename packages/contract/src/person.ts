/**
 * A person on screen: a row of the people directory (GET /api/users), the writer of a memory, either end of a
 * family relation. The profile service owns these fields; other services look them up by id.
 */
export interface PersonSummary {
  id: number;
  /** Null for a person without an account (a relative who never signed up). */
  username: string | null;
  displayName: string;
  /** `/api/users/{id}/picture?v={version}`, or null for someone without a picture. */
  profilePicture: string | null;
}

/** A person named without their picture: the uploader and the tagged people of a media item, an album's people. */
export type PersonName = Pick<PersonSummary, 'id' | 'username' | 'displayName'>;

/**
 * A person's whole profile: GET /api/user (the signed-in person), GET /api/users/{id}, and the answer of every
 * change to one's own profile, story or picture.
 */
export interface UserProfile extends PersonSummary {
  email: string | null;
  /** A calendar date, `YYYY-MM-DD`. */
  dateOfBirth: string | null;
  story: string | null;
}
