import { Injectable, Logger } from '@nestjs/common';
import type { AlbumAccess } from '@family/contract';
import { AlbumRepository } from '../repositories/album.repository';
import { AlbumDetachJobs } from './album-detach-jobs';

/** What other services ask of albums: a person's album rights, and the purge of a deleted account. */
@Injectable()
export class AlbumAccessService {
  private readonly logger = new Logger(AlbumAccessService.name);

  constructor(
    private readonly albums: AlbumRepository,
    private readonly detachJobs: AlbumDetachJobs,
  ) {}

  accessOf(userId: number): Promise<AlbumAccess> {
    return this.albums.accessOf(userId);
  }

  /**
   * An account is being deleted: the albums they created go (their items stay, detached by the media worker, each
   * a job queued with its album's deletion), and their memberships. Safe to run again.
   */
  async purgeUser(userId: number): Promise<void> {
    const created = await this.albums.idsCreatedBy(userId);
    for (const albumId of created) {
      await this.albums.delete(albumId, (manager) => this.detachJobs.queueIn(albumId, manager));
      await this.detachJobs.waitForDetached(albumId);
    }
    await this.albums.removeMembershipsOf(userId);
    if (created.length > 0) this.logger.log(`Purged ${created.length} albums of user ${userId}`);
  }
}
