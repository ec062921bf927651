import { Transform, Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { MAX_PAGE_SIZE, type MediaItem, type TrashItem } from '@family/contract';
import type { MediaItemEntity } from '../entities/media-item.entity';

const DAY_MS = 24 * 60 * 60 * 1000;

const blankToUndefined = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** GET /api/trash */
export class TrashQuery {
  @IsOptional()
  @Transform(blankToUndefined)
  @Type(() => Number)
  @Max(MAX_PAGE_SIZE, { message: `limit must be at most ${MAX_PAGE_SIZE}` })
  @Min(1, { message: 'limit must be at least 1' })
  @IsInt({ message: 'limit must be a whole number' })
  limit?: number;

  @IsOptional()
  @Transform(blankToUndefined)
  @MaxLength(100, { message: 'The page cursor is not valid.' })
  @IsString({ message: 'The page cursor is not valid.' })
  cursor?: string;
}

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
    },
    deletedAt: deletedAt.toISOString(),
    purgeAt: new Date(deletedAt.getTime() + trashDays * DAY_MS).toISOString(),
  };
}
