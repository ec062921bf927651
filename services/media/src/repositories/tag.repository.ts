import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { MediaTagEntity } from '../entities/media-tag.entity';
import {
  type AttachableItem,
  Params,
  takeoutCondition,
  type TakeoutSelection,
  type Viewer,
  visibleTo,
} from './media-sql';

/** An item with a file and its confirmed tags, as the GEDCOM export links to it (MediaImportService.taggedFiles). */
export interface TaggedFileRow {
  id: number;
  file_name: string;
  title: string;
  content_type: string | null;
  media_date: string;
  people: number[];
}

/** Who is tagged in which item (media_tags), confirmed or waiting for an editor's confirmation. */
@Injectable()
export class TagRepository {
  constructor(@InjectRepository(MediaTagEntity) private readonly tags: Repository<MediaTagEntity>) {}

  /** The tags of many items at once, oldest tag first, those waiting for confirmation too. */
  async tagsOf(mediaIds: number[]): Promise<Array<{ mediaId: number; userId: number; confirmed: boolean }>> {
    if (mediaIds.length === 0) return [];
    return this.tags.query(
      `SELECT media_id AS "mediaId", user_id AS "userId", confirmed FROM media_tags
       WHERE media_id = ANY($1::int[]) ORDER BY created_at, user_id`,
      [mediaIds],
    );
  }

  /** How many items a person is tagged in, the trash left out (the index media_tags_user_media). */
  async tagCount(userId: number): Promise<number> {
    const [row] = (await this.tags.query(
      `SELECT count(*)::int AS count FROM media_tags t JOIN media_items m ON m.id = t.media_id
        WHERE t.user_id = $1 AND m.deleted_at IS NULL`,
      [userId],
    )) as Array<{ count: number }>;
    return row?.count ?? 0;
  }

  /**
   * The items a person is tagged in, in the trash too, with what the rule of attaching needs (the uploader and
   * the album) and whether the tag is confirmed.
   */
  async taggedItemsOf(userId: number): Promise<Array<AttachableItem & { confirmed: boolean }>> {
    return this.tags.query(
      `SELECT m.id, m.user_id AS "userId", m.album_id AS "albumId", t.confirmed
         FROM media_tags t JOIN media_items m ON m.id = t.media_id WHERE t.user_id = $1`,
      [userId],
    );
  }

  /**
   * A duplicate person's tags become the other person's (an item tagged with both keeps one tag, confirmed when
   * either was); those on the `held` items wait for confirmation (docs/rights.md "Attaching a person to an item").
   */
  async moveTags(fromUserId: number, toUserId: number, held: number[]): Promise<void> {
    await this.tags.manager.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO media_tags AS t (media_id, user_id, confirmed, created_at)
         SELECT media_id, $2, confirmed AND NOT media_id = ANY($3::int[]), created_at FROM media_tags WHERE user_id = $1
         ON CONFLICT (media_id, user_id) DO UPDATE SET confirmed = t.confirmed OR EXCLUDED.confirmed`,
        [fromUserId, toUserId, held],
      );
      await tx.query(`DELETE FROM media_tags WHERE user_id = $1`, [fromUserId]);
      // Their named faces are the other person's too (docs/architecture.md "Faces").
      await tx.query(`UPDATE faces SET person_id = $2 WHERE person_id = $1`, [fromUserId, toUserId]);
    });
  }

  /** The person's tags on these items wait for confirmation. */
  async holdTags(userId: number, mediaIds: number[]): Promise<void> {
    if (mediaIds.length === 0) return;
    await this.tags.query(`UPDATE media_tags SET confirmed = false WHERE user_id = $1 AND media_id = ANY($2::int[])`, [
      userId,
      mediaIds,
    ]);
  }

  /**
   * Tags as they are decided (PersonAttachment.attach), in one statement; nothing when the item is gone. How many
   * are new (the others were there already).
   */
  async insertTags(mediaId: number, tags: Array<{ userId: number; confirmed: boolean }>): Promise<number> {
    if (tags.length === 0) return 0;
    const rows: unknown[] = await this.tags.query(
      `INSERT INTO media_tags (media_id, user_id, confirmed)
       SELECT $1, person, confirmed FROM unnest($2::int[], $3::boolean[]) AS t(person, confirmed)
        WHERE EXISTS (SELECT 1 FROM media_items WHERE id = $1)
       ON CONFLICT DO NOTHING RETURNING media_id`,
      [mediaId, tags.map((tag) => tag.userId), tags.map((tag) => tag.confirmed)],
    );
    return rows.length;
  }

  /**
   * A confirmed tag; one that waited for confirmation is confirmed by it (the caller has checked the right to).
   * False when the person was tagged and confirmed already.
   */
  async addTag(mediaId: number, userId: number): Promise<boolean> {
    return (await this.addTagToMany([mediaId], userId)).length > 0;
  }

  /** Tags one person on many items in one statement: the item ids newly tagged or confirmed (the rest had it). */
  async addTagToMany(mediaIds: number[], userId: number): Promise<number[]> {
    if (mediaIds.length === 0) return [];
    const rows: Array<{ mediaId: number }> = await this.tags.query(
      `INSERT INTO media_tags AS t (media_id, user_id) SELECT unnest($1::int[]), $2
       ON CONFLICT (media_id, user_id) DO UPDATE SET confirmed = true WHERE NOT t.confirmed
       RETURNING media_id AS "mediaId"`,
      [mediaIds, userId],
    );
    return rows.map((row) => row.mediaId);
  }

  /** False when the person was not tagged. */
  async removeTag(mediaId: number, userId: number): Promise<boolean> {
    const result = await this.tags.delete({ mediaId, userId });
    return (result.affected ?? 0) > 0;
  }

  /** A person purged: their tags go, and the faces named as them are unnamed again (docs/architecture.md "Faces"). */
  async removeTagsOfUser(userId: number): Promise<void> {
    await this.tags.manager.transaction(async (tx) => {
      await tx.query(`DELETE FROM media_tags WHERE user_id = $1`, [userId]);
      await tx.query(`UPDATE faces SET person_id = NULL, tagged = false WHERE person_id = $1`, [userId]);
      await tx.query(`DELETE FROM face_rejections WHERE person_id = $1`, [userId]);
    });
  }

  /**
   * Items with a file and at least one confirmed tag, with their people, by id after `after` (keyset pages): those
   * of a takeout selection that have a stored file, or those the viewer may see.
   */
  async taggedFiles(
    after: number,
    limit: number,
    { takeout, viewer }: { takeout: TakeoutSelection; viewer?: never } | { viewer: Viewer; takeout?: never },
  ): Promise<TaggedFileRow[]> {
    const params = new Params();
    const only = takeout
      ? `AND m.object_key IS NOT NULL AND ${takeoutCondition(takeout, params)}`
      : `AND ${visibleTo(viewer, params)}`;
    return this.tags.query(
      `SELECT m.id, m.file_name, m.title, m.content_type, m.media_date::text AS media_date,
              array_agg(t.user_id ORDER BY t.user_id) AS people
         FROM media_items m JOIN media_tags t ON t.media_id = m.id AND t.confirmed
        WHERE m.id > ${params.add(after)} AND m.file_name IS NOT NULL AND m.deleted_at IS NULL ${only}
        GROUP BY m.id ORDER BY m.id LIMIT ${params.add(limit)}`,
      params.values,
    );
  }
}
