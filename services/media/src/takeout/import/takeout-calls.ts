import { Injectable } from '@nestjs/common';
import type { ImportedAlbum, RestoredProfile, RestoreProfileRequest } from '@family/contract';
import { BODY_BUDGET, chunks, jsonBatches } from '@family/shared';
import { AlbumsClient, ProfileClient } from '@family/shared/clients';

export type { ImportedAlbum } from '@family/contract';

/**
 * What a takeout import asks of albums and profile (docs/architecture.md "Internal calls"): members by username,
 * albums made (or found again) as the importing member, the member's story and memories where empty, and the
 * undoing of each when the import fails. (The people of family.ged are a family worker's job: family-part.ts.)
 */
@Injectable()
export class TakeoutCalls {
  constructor(
    private readonly profile: ProfileClient,
    private readonly albums: AlbumsClient,
  ) {}

  /** The members with these usernames (ignoring case), in order; null where nobody has it. */
  async membersByUsername(usernames: string[]): Promise<(number | null)[]> {
    if (usernames.length === 0) return [];
    return (await this.profile.membersByUsername(usernames)).ids;
  }

  album(album: ImportedAlbum): Promise<{ id: number; created: boolean }> {
    return this.albums.importAlbum(album);
  }

  async deleteAlbums(ids: number[]): Promise<void> {
    for (const batch of chunks(ids, 5000)) await this.albums.deleteImportedAlbums(batch);
  }

  /**
   * The story (if the member's is empty) and memories (if they have none) on the member's own profile, in bodies
   * under the services' 100 kB limit: the first decides (and says what it wrote), the rest follow only when it took
   * the memories. `onAnswer` hears each answer at once, so a failure half-way can still take back what was written.
   */
  async restoreProfile(
    userId: number,
    story: string | null,
    memories: RestoreProfileRequest['memories'],
    onAnswer: (answer: RestoredProfile) => void,
  ): Promise<void> {
    const batches = jsonBatches(memories, {
      firstBudget: BODY_BUDGET - Buffer.byteLength(JSON.stringify(story ?? '')),
    });
    for (const [index, batch] of (batches.length > 0 ? batches : [[]]).entries()) {
      const answer = await this.profile.restoreProfile({
        userId,
        story: index === 0 ? story : null,
        memories: batch,
        append: index > 0,
      });
      onAnswer(answer);
      if (index === 0 && answer.memoryIds.length === 0) return;
    }
  }

  async undoProfile(userId: number, story: boolean, memoryIds: number[]): Promise<void> {
    if (!story && memoryIds.length === 0) return;
    const batches = memoryIds.length > 0 ? chunks(memoryIds, 5000) : [[]];
    for (const [index, batch] of batches.entries()) {
      await this.profile.undoRestoredProfile(userId, story && index === 0, batch);
    }
  }
}
