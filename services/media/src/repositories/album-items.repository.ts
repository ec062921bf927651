import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { MediaItemEntity } from '../entities/media-item.entity';

/**
 * Which album items are in: putting them in and taking them out. (Each album's preview row is kept by triggers:
 * migration AlbumPreviewRows.)
 */
@Injectable()
export class AlbumItemsRepository {
  constructor(@InjectRepository(MediaItemEntity) private readonly items: Repository<MediaItemEntity>) {}

  /** Puts an item with no album into one. False when it is gone or already in an album (a race lost). */
  async attachToAlbum(id: number, albumId: number): Promise<boolean> {
    const result = await this.items
      .createQueryBuilder()
      .update()
      .set({ albumId })
      .where('id = :id AND album_id IS NULL AND deleted_at IS NULL', { id })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /**
   * Moves an item from the album it was read in (null: none) into another. False when it moved meanwhile or is
   * gone: the caller's rights were checked against the album it was in.
   */
  async moveToAlbum(id: number, fromAlbumId: number | null, toAlbumId: number): Promise<boolean> {
    const result = await this.items
      .createQueryBuilder()
      .update()
      .set({ albumId: toAlbumId })
      .where('id = :id AND album_id IS NOT DISTINCT FROM :fromAlbumId AND deleted_at IS NULL', { id, fromAlbumId })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** Puts the items with no album into one, in one statement: the ids it moved (the rest were in an album). */
  async attachManyToAlbum(ids: number[], albumId: number): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows: Array<{ id: number }> = await this.items.query(
      // As a SELECT over the UPDATE: TypeORM answers a bare UPDATE … RETURNING as [rows, count].
      `WITH moved AS (
         UPDATE media_items SET album_id = $2 WHERE id = ANY($1::int[]) AND album_id IS NULL RETURNING id
       ) SELECT id FROM moved`,
      [ids, albumId],
    );
    return rows.map((row) => row.id);
  }

  /** Takes an item out of the given album. False when it is not in that album. */
  async detachFromAlbum(id: number, albumId: number): Promise<boolean> {
    const result = await this.items
      .createQueryBuilder()
      .update()
      .set({ albumId: null })
      .where('id = :id AND album_id = :albumId AND deleted_at IS NULL', { id, albumId })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /**
   * An album was deleted (albums queues this job in the deletion's transaction): its items stay in the archive, in no album; those in the trash too, so a restore brings
   * them back in no album. Two statements, so each uses its own partial index.
   */
  async detachAlbum(albumId: number): Promise<void> {
    await this.items.query(`UPDATE media_items SET album_id = NULL WHERE album_id = $1 AND deleted_at IS NULL`, [
      albumId,
    ]);
    await this.items.query(`UPDATE media_items SET album_id = NULL WHERE album_id = $1 AND deleted_at IS NOT NULL`, [
      albumId,
    ]);
  }
}
