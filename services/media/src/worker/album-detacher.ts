import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { ALBUM_DETACH, type AlbumDetachJob } from '@family/contract';
import { AlbumItemsRepository } from '../repositories/album-items.repository';
import { MediaWorkerQueue } from './worker-queue';

/**
 * A deleted album's items stay in the archive, in no album (docs/architecture.md "Who calls whom"): albums queues
 * this job in the deletion's own transaction, so it runs even if media was away when the album was deleted.
 * Running it twice does no harm.
 */
@Injectable()
export class AlbumDetacher implements OnApplicationBootstrap {
  constructor(
    private readonly jobs: MediaWorkerQueue,
    private readonly albumItems: AlbumItemsRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.open.work<AlbumDetachJob>(ALBUM_DETACH.name, ({ data }) =>
      this.albumItems.detachAlbum(data.albumId),
    );
  }
}
