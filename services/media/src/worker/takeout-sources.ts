import { Inject, Injectable } from '@nestjs/common';
import type {
  AlbumAccess,
  ChildTie,
  ExportScope,
  Partnership,
  PersonDetail,
  TakeoutAlbum,
  TakeoutGedcom,
  TakeoutMemory,
  TakeoutPage,
  TakeoutTiesPage,
} from '@family/contract';
import { InternalClient, SERVICE_HEADER, signServiceToken } from '@family/shared';
import type { MediaWorkerConfig } from './worker-config';
import { WORKER_CONFIG } from './worker-tokens';

/** Internal calls of an export may take long on a large archive (the GEDCOM of thousands of people). */
const LONG_CALL_MS = 120_000;
const PEOPLE_PAGE = 2000;
const PAGE = 1000;

/**
 * What an export needs from the other services, read by internal calls in pages (docs/architecture.md "Internal
 * calls"): people and memories and pictures from profile, albums from albums, ties and GEDCOM from family.
 */
@Injectable()
export class TakeoutSources {
  private readonly client: InternalClient;
  private readonly profile: { name: string; url: string };
  private readonly albums: { name: string; url: string };
  private readonly family: { name: string; url: string };

  constructor(@Inject(WORKER_CONFIG) private readonly config: MediaWorkerConfig) {
    this.client = new InternalClient('media', config.INTERNAL_SECRET);
    this.profile = { name: 'profile', url: config.PROFILE_URL };
    this.albums = { name: 'albums', url: config.ALBUMS_URL };
    this.family = { name: 'family', url: config.FAMILY_URL };
  }

  async people(): Promise<PersonDetail[]> {
    return this.pages((after) =>
      this.client.call<{ items: PersonDetail[]; next: number | null }>(
        this.profile,
        'GET',
        `/internal/people/all?after=${after}&limit=${PEOPLE_PAGE}`,
        { timeoutMs: LONG_CALL_MS },
      ),
    );
  }

  async memories(userId: number, scope: ExportScope): Promise<TakeoutMemory[]> {
    const person = scope === 'mine' ? `&person=${userId}` : '';
    return this.pages((after) =>
      this.client.call<TakeoutPage<TakeoutMemory>>(
        this.profile,
        'GET',
        `/internal/takeout-memories?after=${after}&limit=${PAGE}${person}`,
        { timeoutMs: LONG_CALL_MS },
      ),
    );
  }

  async albumList(userId: number, scope: ExportScope): Promise<TakeoutAlbum[]> {
    return this.pages((after) =>
      this.client.call<TakeoutPage<TakeoutAlbum>>(
        this.albums,
        'GET',
        `/internal/users/${userId}/takeout-albums?scope=${scope}&after=${after}&limit=${PAGE}`,
        { timeoutMs: LONG_CALL_MS },
      ),
    );
  }

  albumAccess(userId: number): Promise<AlbumAccess> {
    return this.client.call<AlbumAccess>(this.albums, 'GET', `/internal/users/${userId}/album-access`);
  }

  async ties(): Promise<{ partnerships: Partnership[]; childTies: ChildTie[] }> {
    const partnerships: Partnership[] = [];
    const childTies: ChildTie[] = [];
    let after = 0;
    for (;;) {
      const page = await this.client.call<TakeoutTiesPage>(
        this.family,
        'GET',
        `/internal/takeout-ties?after=${after}&limit=5000`,
        { timeoutMs: LONG_CALL_MS },
      );
      partnerships.push(...page.partnerships);
      childTies.push(...page.childTies);
      if (page.next === null) return { partnerships, childTies };
      after = page.next;
    }
  }

  gedcom(userId: number, scope: ExportScope): Promise<TakeoutGedcom> {
    return this.client.call<TakeoutGedcom>(
      this.family,
      'GET',
      `/internal/takeout-gedcom?for=${userId}&scope=${scope}`,
      {
        timeoutMs: LONG_CALL_MS,
      },
    );
  }

  /** A person's profile picture as stored (a 512 px WebP, tens of kB), or null when they have none. */
  async picture(personId: number): Promise<Buffer | null> {
    const response = await fetch(new URL(`/internal/takeout-pictures/${personId}`, this.profile.url), {
      headers: { [SERVICE_HEADER]: signServiceToken('media', this.config.INTERNAL_SECRET) },
      signal: AbortSignal.timeout(30_000),
    });
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`The profile service answered ${response.status} for a picture`);
    return Buffer.from(await response.arrayBuffer());
  }

  private async pages<T>(read: (after: number) => Promise<{ items: T[]; next: number | null }>): Promise<T[]> {
    const all: T[] = [];
    let after = 0;
    for (;;) {
      const page = await read(after);
      all.push(...page.items);
      if (page.next === null) return all;
      after = page.next;
    }
  }
}
