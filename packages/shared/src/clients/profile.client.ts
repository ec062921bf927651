import type {
  BecomeMemberRequest,
  CreateProfileRequest,
  ImportedPerson,
  LifeSpan,
  MatchCandidate,
  PersonDetail,
  PersonSummary,
  RestoreProfileRequest,
  RestoredProfile,
  TakeoutMemory,
  TakeoutPage,
  UserProfile,
} from '@family/contract';
import { ServiceClient } from './service-client';

const PURGE_TIMEOUT_MS = 120_000;
/** A page of an export's reads may take long on a large archive (the GEDCOM of thousands of people). */
const PAGE_TIMEOUT_MS = 120_000;
/** Writing a GEDCOM import's batch of 2,000 people in one transaction. */
const BATCH_TIMEOUT_MS = 120_000;

/**
 * The profile service's internal routes: profiles of members, everyone for exports, and purges. Looking people up
 * by id, which every service that shows people does, is the DirectoryClient's (it keeps what it found).
 */
export class ProfileClient extends ServiceClient {
  protected readonly service = 'profile';

  /** A new member's profile (auth, at sign-up). */
  createProfile(request: CreateProfileRequest): Promise<UserProfile> {
    return this.call('POST', '/internal/profiles', { body: request });
  }

  profileOf(id: number): Promise<UserProfile> {
    return this.call('GET', `/internal/profiles/${id}`);
  }

  /** An invite was used: the person's profile becomes a member's. */
  becomeMember(id: number, request: BecomeMemberRequest): Promise<UserProfile> {
    return this.call('PUT', `/internal/profiles/${id}/account`, { body: request });
  }

  /** An account is being deleted: its profile, picture and memories. */
  purgeUser(id: number): Promise<void> {
    return this.call('DELETE', `/internal/users/${id}`, { timeoutMs: PURGE_TIMEOUT_MS });
  }

  /**
   * A person without an account is deleted (family asks, once the tags and ties allow it): their profile, history,
   * memories about them and id; refused (409) while they have an account or an open invite.
   */
  deletePerson(id: number): Promise<void> {
    return this.call('DELETE', `/internal/people/${id}`);
  }

  /**
   * A duplicate is folded into `intoId` (family asks, after moving the ties and tags): missing fields filled in
   * as changed by `changedBy`, memories moved, the duplicate gone. Answers the person kept.
   */
  mergePerson(id: number, intoId: number, changedBy: number): Promise<PersonDetail> {
    return this.call('POST', `/internal/people/${id}/merge`, { body: { intoId, changedBy } });
  }

  /** Everyone, a page at a time by id after `after` (exports read the whole archive). */
  everyone(after: number, limit: number): Promise<{ items: PersonDetail[]; next: number | null }> {
    return this.call('GET', `/internal/people/all?after=${after}&limit=${limit}`, { timeoutMs: PAGE_TIMEOUT_MS });
  }

  /** People a GEDCOM import makes, recorded as made by `changedBy`: their new ids, in order. */
  importPeople(changedBy: number, people: ImportedPerson[]): Promise<{ ids: number[] }> {
    return this.call('POST', '/internal/people/batch', { body: { changedBy, people }, timeoutMs: BATCH_TIMEOUT_MS });
  }

  /** For each candidate, someone in the archive with the same names and birth date, or null. */
  matchPeople(people: MatchCandidate[]): Promise<{ ids: (number | null)[] }> {
    return this.call('POST', '/internal/people/match', { body: { people }, timeoutMs: PAGE_TIMEOUT_MS });
  }

  /** Takes back people an import made (those without an account; auth's rows with them). */
  removeImportedPeople(ids: number[]): Promise<void> {
    return this.call('POST', '/internal/people/batch-delete', { body: { ids }, timeoutMs: PAGE_TIMEOUT_MS });
  }

  /** The people of these ids who exist (members and relatives), uncached: an import checks who is still there. */
  existingPeople(ids: number[]): Promise<PersonSummary[]> {
    return this.call('POST', '/internal/users/lookup', { body: { ids }, timeoutMs: PAGE_TIMEOUT_MS });
  }

  /** When these people can have lived (face suggestions' life-dates rule), in one call. */
  lifeSpans(ids: number[]): Promise<LifeSpan[]> {
    return this.call('POST', '/internal/people/life-spans', { body: { ids } });
  }

  /** The members with these usernames (ignoring case), in order; null where nobody has it. */
  membersByUsername(usernames: string[]): Promise<{ ids: (number | null)[] }> {
    return this.call('POST', '/internal/takeout/usernames', { body: { usernames }, timeoutMs: PAGE_TIMEOUT_MS });
  }

  /** A takeout import's story and memories, where the member's are empty: what was written. */
  restoreProfile(request: RestoreProfileRequest): Promise<RestoredProfile> {
    return this.call('POST', '/internal/takeout/profile', { body: request, timeoutMs: PAGE_TIMEOUT_MS });
  }

  /** Takes back what a failed takeout import wrote on the member's profile. */
  undoRestoredProfile(userId: number, story: boolean, memoryIds: number[]): Promise<void> {
    return this.call('POST', '/internal/takeout/profile/undo', {
      body: { userId, story, memoryIds },
      timeoutMs: PAGE_TIMEOUT_MS,
    });
  }

  /** A person's picture as stored (a 512 px WebP), or null when they have none. */
  takeoutPicture(personId: number): Promise<Buffer | null> {
    return this.bytes(`/internal/takeout-pictures/${personId}`, { timeoutMs: 30_000 });
  }

  /** One page of memories for a takeout export: all of them, or those one person wrote or has on their profile. */
  takeoutMemories(after: number, limit: number, personId?: number): Promise<TakeoutPage<TakeoutMemory>> {
    const person = personId === undefined ? '' : `&person=${personId}`;
    return this.call('GET', `/internal/takeout-memories?after=${after}&limit=${limit}${person}`, {
      timeoutMs: PAGE_TIMEOUT_MS,
    });
  }
}
