/** A person as the archive shows them (docs/api.md "Person"; the people directory of docs/architecture.md). */
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
