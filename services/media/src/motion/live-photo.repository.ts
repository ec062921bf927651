import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { MediaItemEntity } from '../entities/media-item.entity';
import type { NewMediaItem } from '../repositories/media-item.repository';

/** Which half of a Live Photo an upload is. */
export type LiveHalf = 'still' | 'motion';

/** What became of an upload that is one half of a Live Photo. */
export type PairingOutcome =
  | { kind: 'attached'; id: number; replacedVideo: boolean }
  /** Nobody to pair with: a new item, carrying the content identifier unless another item holds it already. */
  | { kind: 'alone'; keepLiveId: boolean };

/**
 * The SQL of pairing a Live Photo's two halves (docs/architecture.md "Motion and Live Photos"). The uploader's item
 * with the same content identifier is read and changed in one transaction, its row locked, so two halves arriving
 * at once meet in one row: the unique index on (user_id, live_id) lets only one of them be inserted alone.
 */
@Injectable()
export class LivePhotoRepository {
  constructor(@InjectRepository(MediaItemEntity) private readonly items: Repository<MediaItemEntity>) {}

  async attachToOtherHalf(row: NewMediaItem, half: LiveHalf, liveId: string): Promise<PairingOutcome> {
    return this.items.manager.transaction(async (db) => {
      const found: Array<{ id: number; type: string; motionObjectKey: string | null; inTrash: boolean }> =
        await db.query(
          `SELECT id, type, motion_object_key AS "motionObjectKey", deleted_at IS NOT NULL AS "inTrash"
             FROM media_items WHERE user_id = $1 AND live_id = $2 FOR UPDATE`,
          [row.userId, liveId],
        );
      if (found.length === 0) return { kind: 'alone', keepLiveId: true };
      const other = found[0];
      const pairs =
        !other.inTrash &&
        other.motionObjectKey === null &&
        (half === 'motion' ? other.type === 'photo' : other.type === 'video');
      // A second still or MOV of the same moment (or one in the trash) stays an item of its own.
      if (!pairs) return { kind: 'alone', keepLiveId: false };
      const prepareAgain = `processing = 'pending', processing_error = NULL, motion_type = NULL`;
      if (half === 'motion') {
        await db.query(
          `UPDATE media_items SET motion_object_key = $2, motion_content_type = $3, motion_file_name = $4,
                  motion_file_size = $5, motion_sha256 = $6, ${prepareAgain}
            WHERE id = $1`,
          [other.id, row.objectKey, row.contentType, row.fileName, row.fileSize, row.sha256],
        );
        return { kind: 'attached', id: other.id, replacedVideo: false };
      }
      // The MOV came first as a video: the item becomes the photo, its MOV the second original.
      await db.query(
        `UPDATE media_items SET type = 'photo',
                motion_object_key = object_key, motion_content_type = content_type, motion_file_name = file_name,
                motion_file_size = file_size, motion_sha256 = sha256,
                object_key = $2, content_type = $3, file_name = $4, file_size = $5, sha256 = $6,
                width = NULL, height = NULL, duration_seconds = NULL, playback_type = NULL, thumbnail_ready = false,
                ${prepareAgain}
          WHERE id = $1`,
        [other.id, row.objectKey, row.contentType, row.fileName, row.fileSize, row.sha256],
      );
      return { kind: 'attached', id: other.id, replacedVideo: true };
    });
  }
}
