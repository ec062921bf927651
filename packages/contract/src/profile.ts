import type { PersonSummary } from './person';

export const STORY_MAX = 20_000;
export const MEMORY_TITLE_MAX = 200;
export const MEMORY_CONTENT_MAX = 20_000;

/** PATCH /api/user/profile: only the fields sent change; null (or an empty email) clears one. Answers UserProfile. */
export interface UpdateProfileRequest {
  displayName?: string;
  email?: string | null;
  /** A calendar date, `YYYY-MM-DD`. */
  dateOfBirth?: string | null;
}

/** POST /api/users/story: an empty story (or null) clears it. Answers UserProfile. */
export interface UpdateStoryRequest {
  story: string | null;
}

/** A memory someone wrote: GET /api/memories lists them newest first, POST /api/memories answers one. */
export interface Memory {
  id: number;
  title: string;
  content: string;
  /** ISO timestamp. */
  createdAt: string;
  /** The writer. */
  user: PersonSummary;
  /** Whose profile it is on: the writer's own, or a person without an account. */
  personId: number;
}

/** POST /api/memories */
export interface CreateMemoryRequest {
  title: string;
  content: string;
  /** A person without an account the memory is about; left out, the writer's own profile. */
  personId?: number;
}

/** GET /api/memories?userId=: whose memories; the signed-in person's when left out. */
export interface MemoryListQuery {
  userId?: number;
}
