import { openAsBlob } from 'node:fs';
import { HttpException, Inject, Injectable, ServiceUnavailableException } from '@nestjs/common';
import { InternalClient, SERVICE_HEADER, signServiceToken } from '@family/shared';
import type { MediaWorkerConfig } from '../worker/worker-config';
import { WORKER_CONFIG } from '../worker/worker-tokens';

/** A JSON body stays under the services' 100 kB limit with room to spare. */
const BODY_BUDGET = 90_000;

const chunks = <T>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));

/** Consecutive batches whose JSON stays under `budget` bytes (the first under `firstBudget`). */
function bodies<T>(items: T[], firstBudget: number): T[][] {
  const out: T[][] = [];
  let batch: T[] = [];
  let bytes = 0;
  for (const item of items) {
    const size = Buffer.byteLength(JSON.stringify(item)) + 1;
    const budget = out.length === 0 ? firstBudget : BODY_BUDGET;
    if (batch.length > 0 && (bytes + size > budget || batch.length >= 1000)) {
      out.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(item);
    bytes += size;
  }
  if (batch.length > 0) out.push(batch);
  return out;
}

export interface ImportedAlbum {
  createdBy: number;
  /** `<archiveId>:<album id there>`: the same album imported again is the same album. */
  source: string;
  name: string;
  description: string | null;
  isShared: boolean;
  members: { userId: number; canEdit: boolean }[];
}

/**
 * What a takeout import asks of albums, profile and family (docs/architecture.md "Internal calls"): members by
 * username, the people of family.ged, albums made (or found again) as the importing member, the member's story and
 * memories where empty, and the undoing of each when the import fails.
 */
@Injectable()
export class TakeoutCalls {
  constructor(
    private readonly internal: InternalClient,
    @Inject(WORKER_CONFIG) private readonly config: MediaWorkerConfig,
  ) {}

  private get profile() {
    return { name: 'profile', url: this.config.PROFILE_URL };
  }

  private get albums() {
    return { name: 'albums', url: this.config.ALBUMS_URL };
  }

  /** The members with these usernames (ignoring case), in order; null where nobody has it. */
  async membersByUsername(usernames: string[]): Promise<(number | null)[]> {
    if (usernames.length === 0) return [];
    const { ids } = await this.internal.call<{ ids: (number | null)[] }>(
      this.profile,
      'POST',
      '/internal/takeout/usernames',
      { body: { usernames }, timeoutMs: 60_000 },
    );
    return ids;
  }

  album(album: ImportedAlbum): Promise<{ id: number; created: boolean }> {
    return this.internal.call(this.albums, 'POST', '/internal/takeout/albums', { body: album, timeoutMs: 30_000 });
  }

  async deleteAlbums(ids: number[]): Promise<void> {
    for (const batch of chunks(ids, 5000)) {
      await this.internal.call(this.albums, 'POST', '/internal/takeout/albums/delete', {
        body: { ids: batch },
        timeoutMs: 60_000,
      });
    }
  }

  /**
   * The story (if the member's is empty) and memories (if they have none) on the member's own profile, in bodies
   * under the services' 100 kB limit: the first decides (and says what it wrote), the rest follow only when it took
   * the memories. `onAnswer` hears each answer at once, so a failure half-way can still take back what was written.
   */
  async restoreProfile(
    userId: number,
    story: string | null,
    memories: { title: string; content: string; createdAt?: string }[],
    onAnswer: (answer: { story: boolean; memoryIds: number[] }) => void,
  ): Promise<void> {
    const batches = bodies(memories, BODY_BUDGET - Buffer.byteLength(JSON.stringify(story ?? '')));
    for (const [index, batch] of (batches.length > 0 ? batches : [[]]).entries()) {
      const answer = await this.internal.call<{ story: boolean; memoryIds: number[] }>(
        this.profile,
        'POST',
        '/internal/takeout/profile',
        { body: { userId, story: index === 0 ? story : null, memories: batch, append: index > 0 }, timeoutMs: 60_000 },
      );
      onAnswer(answer);
      if (index === 0 && answer.memoryIds.length === 0) return;
    }
  }

  async undoProfile(userId: number, story: boolean, memoryIds: number[]): Promise<void> {
    if (!story && memoryIds.length === 0) return;
    const batches = memoryIds.length > 0 ? chunks(memoryIds, 5000) : [[]];
    for (const [index, batch] of batches.entries()) {
      await this.internal.call(this.profile, 'POST', '/internal/takeout/profile/undo', {
        body: { userId, story: story && index === 0, memoryIds: batch },
        timeoutMs: 60_000,
      });
    }
  }

  /**
   * family.ged through the family service's GEDCOM import: which person each record (`I1`) is here. Sent as a
   * file (it may be megabytes), so by fetch with a service token rather than the JSON client. `known`: records
   * that are members here already (a family's members: a short list, so it fits the query).
   */
  async peopleFromGedcom(createdBy: number, path: string, known: Map<string, number>): Promise<Map<string, number>> {
    const form = new FormData();
    form.set('file', await openAsBlob(path), 'family.ged');
    const url = new URL('/internal/gedcom/takeout-people', this.config.FAMILY_URL);
    url.searchParams.set('createdBy', String(createdBy));
    if (known.size > 0) url.searchParams.set('known', [...known].map(([record, id]) => `${record}:${id}`).join(','));
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { [SERVICE_HEADER]: signServiceToken('media', this.config.INTERNAL_SECRET) },
        body: form,
        signal: AbortSignal.timeout(30 * 60_000),
      });
    } catch {
      throw new ServiceUnavailableException('The family service is unavailable. Try again shortly.');
    }
    const body = (await response.json().catch(() => ({}))) as { people?: Record<string, number>; message?: string };
    if (!response.ok) {
      if (response.status >= 500)
        throw new ServiceUnavailableException('The family service is unavailable. Try again shortly.');
      throw new HttpException(
        { message: `The family tree of the export was refused: ${body.message ?? response.status}` },
        response.status,
      );
    }
    return new Map(Object.entries(body.people ?? {}));
  }
}
