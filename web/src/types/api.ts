/** A person as the archive shows them (SPEC.md §3, the people directory of DESIGN.md §2). */
export type User = {
  id: number;
  username: string;
  displayName: string;
  email?: string | null;
  dateOfBirth?: string | null;
  profilePicture?: string | null;
  story?: string | null;
};

/** One row of GET /api/users. */
export type UserSummary = Pick<User, 'id' | 'username' | 'displayName' | 'profilePicture'>;
