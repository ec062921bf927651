import type {
  BecomeMemberRequest,
  CreateProfileRequest,
  PersonDetail,
  TakeoutMemory,
  TakeoutPage,
  UserProfile,
} from '@family/contract';
import { ServiceClient } from './service-client';

const PURGE_TIMEOUT_MS = 120_000;
const PAGE_TIMEOUT_MS = 60_000;

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

  /** Everyone, a page at a time by id after `after` (exports read the whole archive). */
  everyone(after: number, limit: number): Promise<{ items: PersonDetail[]; next: number | null }> {
    return this.call('GET', `/internal/people/all?after=${after}&limit=${limit}`, { timeoutMs: PAGE_TIMEOUT_MS });
  }

  /** One page of memories for a takeout export: all of them, or those one person wrote or has on their profile. */
  takeoutMemories(after: number, limit: number, personId?: number): Promise<TakeoutPage<TakeoutMemory>> {
    const person = personId === undefined ? '' : `&person=${personId}`;
    return this.call('GET', `/internal/takeout-memories?after=${after}&limit=${limit}${person}`, {
      timeoutMs: PAGE_TIMEOUT_MS,
    });
  }
}
