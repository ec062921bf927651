import type { MediaItem, TrashItem } from '@family/contract';
import type { MediaItemEntity } from '../entities/media-item.entity';
import { PageQuery } from './page-query.dto';

const DAY_MS = 24 * 60 * 60 * 1000;

/** GET /api/trash */
export class TrashQuery extends PageQuery {}

/**
 * An item in the trash as its card shows it: the item as it was, with its album and tags. Its files answer 404
 * like the rest of it (docs/rights.md "Trash"), so only the thumbnail is offered, from the trash's own address.
 */
export function mapTrashItem(entity: MediaItemEntity, item: MediaItem, trashDays: number): TrashItem {
  const deletedAt = entity.deletedAt!;
  return {
    item: {
      ...item,
      url: null,
      thumbnailUrl: item.thumbnailUrl === null ? null : `/api/trash/${item.id}/thumbnail`,
      previewUrl: null,
      playbackUrl: null,
      motionUrl: null,
      fullSizeUrl: null,
      motionOriginalUrl: null,
    },
    deletedAt: deletedAt.toISOString(),
    purgeAt: new Date(deletedAt.getTime() + trashDays * DAY_MS).toISOString(),
  };
}
