/** The calls services make to each other under /internal (never reachable through the gateway). */
import type { RegisterRequest } from './account';
import type { AlbumPreviewItem } from './album';
import type { Sex } from './people';

/**
 * POST /internal/accounts (auth): a new account and its profile, or neither. Answers UserProfile. `invitedBy`,
 * the member adding a relative, lets it through when sign-up is closed. POST /internal/logins takes a
 * LoginRequest and answers UserProfile too.
 */
export interface CreateAccountRequest extends RegisterRequest {
  invitedBy?: number;
}

/** POST /internal/profiles (profile), sent by auth once the account exists. Answers UserProfile. */
export interface CreateProfileRequest {
  id: number;
  username: string;
  displayName: string;
  email?: string | null;
  /** A calendar date, `YYYY-MM-DD`. */
  dateOfBirth?: string | null;
}

/** POST /internal/users/lookup (profile): the people with these ids, as PersonSummary[]; unknown ids are left out. */
export interface LookupPeopleRequest {
  ids: number[];
}

/** GET /internal/users/{userId}/album-access (albums): a person's rights over albums. */
export interface AlbumAccess {
  /** Albums the person created, is a member of, or that are shared with the whole family. */
  visible: number[];
  /** Albums the person created, or is a member of with canEdit. */
  editable: number[];
  /** Albums the person created. */
  created: number[];
}

/**
 * A deleted album's items are detached by the media worker, a job albums queues in media's queue inside the
 * deletion's transaction (docs/architecture.md "Who calls whom"): albums never calls media.
 */
export const ALBUM_DETACH_QUEUE = 'media_jobs';
export const ALBUM_DETACH = { name: 'album-detach', retryLimit: 10, retryDelaySeconds: 5 };
export interface AlbumDetachJob {
  albumId: number;
}

/** How many items an album holds, and its newest few (media keeps them in a table albums reads). */
export interface AlbumMediaSummary {
  itemCount: number;
  items: AlbumPreviewItem[];
}

/** A date and place as a GEDCOM file gave them (kept as text when it is not genealogical grammar). */
export interface ImportedEvent {
  date: string | null;
  place: string | null;
}

/** POST /internal/people/batch (profile): one person a GEDCOM import makes. */
export interface ImportedPerson {
  displayName: string;
  givenName: string | null;
  surname: string | null;
  sex: Sex;
  birth: ImportedEvent | null;
  death: ImportedEvent | null;
  story: string | null;
}

/** POST /internal/people/match (profile): someone who may be in the archive already. */
export interface MatchCandidate {
  givenName: string | null;
  surname: string | null;
  birthDate: string;
}

/** POST /internal/takeout/albums (albums): an album of an export, made (or found again) as the importing member. */
export interface ImportedAlbum {
  createdBy: number;
  /** `<archiveId>:<album id there>`: the same album imported again is the same album. */
  source: string;
  name: string;
  description: string | null;
  isShared: boolean;
  members: { userId: number; canEdit: boolean }[];
}

/** POST /internal/takeout/profile (profile): a member's story and own memories from an export, where theirs are empty. */
export interface RestoreProfileRequest {
  userId: number;
  story: string | null;
  memories: { title: string; content: string; createdAt?: string }[];
  /** More memories of the same import, after the first call took its memories. */
  append?: boolean;
}

/** What POST /internal/takeout/profile wrote, so a failed import can take it back. */
export interface RestoredProfile {
  story: boolean;
  memoryIds: number[];
}
