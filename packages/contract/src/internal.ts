/** The calls services make to each other under /internal (never reachable through the gateway). */
import type { RegisterRequest } from './account';
import type { AlbumPreviewItem } from './album';

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
 * POST /internal/albums/summaries (media): answers AlbumSummaries for `albumIds`. `keptAlbumIds` are albums whose
 * summaries the caller keeps, read under `keptGeneration`: while that is still media's generation of album
 * previews, media leaves them out of the answer (docs/architecture.md "Caches").
 */
export interface AlbumSummariesRequest {
  albumIds: number[];
  keptGeneration?: string;
  keptAlbumIds?: number[];
}

/**
 * The summaries asked for, and the generation of album previews media read before them: they stay true until it
 * changes. When `generation` is the caller's `keptGeneration`, the kept albums are left out; otherwise every album
 * asked for is in.
 */
export interface AlbumSummaries {
  generation: string;
  summaries: Record<number, AlbumMediaSummary>;
}

/** How many items an album holds, and its newest few. */
export interface AlbumMediaSummary {
  itemCount: number;
  items: AlbumPreviewItem[];
}

/** PUT /internal/media/{mediaId}/album (media): albums has checked the acting person may edit the album. */
export interface SetMediaAlbumRequest {
  albumId: number;
  actingUserId: number;
}

/** DELETE /internal/media/{mediaId}/album (media) */
export interface RemoveMediaAlbumRequest extends SetMediaAlbumRequest {
  /** The acting person created the album or may edit it as a member (albums knows). */
  albumEditor?: boolean;
}
