import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, QueryFailedError, Repository } from 'typeorm';
import type { AlbumAccess } from '@family/contract';
import { AlbumMemberEntity } from '../entities/album-member.entity';
import { AlbumEntity } from '../entities/album.entity';

export type NewAlbum = Pick<AlbumEntity, 'name' | 'description' | 'isShared' | 'createdBy'>;
export type AlbumChanges = Partial<Pick<AlbumEntity, 'name' | 'description' | 'isShared'>>;

/**
 * The ids of the albums a person sees: created, member of, or shared. A union of three index-backed
 * branches (albums_creator_newest, album_members_user, albums_shared_newest) rather than one OR.
 */
const VISIBLE_IDS = `
  SELECT id FROM albums WHERE created_by = :userId
  UNION SELECT album_id FROM album_members WHERE user_id = :userId
  UNION SELECT id FROM albums WHERE is_shared`;

@Injectable()
export class AlbumRepository {
  constructor(
    @InjectRepository(AlbumEntity) private readonly albums: Repository<AlbumEntity>,
    @InjectRepository(AlbumMemberEntity) private readonly members: Repository<AlbumMemberEntity>,
  ) {}

  async create(album: NewAlbum): Promise<AlbumEntity> {
    const saved = await this.albums.save(this.albums.create(album));
    return (await this.findById(saved.id))!;
  }

  findById(id: number): Promise<AlbumEntity | null> {
    return this.albums.findOneBy({ id });
  }

  /** The albums a person sees, newest first; only those `createdBy` made, when given. */
  listVisible(userId: number, createdBy?: number): Promise<AlbumEntity[]> {
    const query = this.albums
      .createQueryBuilder('album')
      .where(`album.id IN (${VISIBLE_IDS})`, { userId })
      .orderBy('album.created_at', 'DESC')
      .addOrderBy('album.id', 'DESC');
    if (createdBy !== undefined) query.andWhere('album.created_by = :createdBy', { createdBy });
    return query.getMany();
  }

  /** The members of many albums in one query, in the order they were added. */
  membersOf(albumIds: number[]): Promise<AlbumMemberEntity[]> {
    if (albumIds.length === 0) return Promise.resolve([]);
    return this.members.find({
      where: { albumId: In(albumIds) },
      order: { addedAt: 'ASC', userId: 'ASC' },
    });
  }

  findMember(albumId: number, userId: number): Promise<AlbumMemberEntity | null> {
    return this.members.findOneBy({ albumId, userId });
  }

  /** Adds a member unless they already are one (two adds at once), or the album was deleted meanwhile. */
  async addMember(albumId: number, userId: number, canEdit: boolean): Promise<'added' | 'exists' | 'no-album'> {
    try {
      const rows: unknown[] = await this.members.query(
        `INSERT INTO album_members (album_id, user_id, can_edit) VALUES ($1, $2, $3)
         ON CONFLICT (album_id, user_id) DO NOTHING
         RETURNING album_id`,
        [albumId, userId, canEdit],
      );
      return rows.length > 0 ? 'added' : 'exists';
    } catch (error) {
      if (error instanceof QueryFailedError && (error.driverError as { code?: string }).code === '23503') {
        return 'no-album';
      }
      throw error;
    }
  }

  async removeMember(albumId: number, userId: number): Promise<boolean> {
    const result = await this.members.delete({ albumId, userId });
    return (result.affected ?? 0) > 0;
  }

  async update(id: number, changes: AlbumChanges): Promise<AlbumEntity | null> {
    if (Object.keys(changes).length > 0) await this.albums.update({ id }, changes);
    return this.findById(id);
  }

  /** Removes the album; its memberships go with it (ON DELETE CASCADE). */
  async delete(id: number): Promise<void> {
    await this.albums.delete({ id });
  }

  /** In one query: the albums a person sees, may edit (creator or canEdit member) and created. */
  async accessOf(userId: number): Promise<AlbumAccess> {
    const rows: Array<{ id: number; editable: boolean; created: boolean }> = await this.albums.query(
      `SELECT album.id,
              album.created_by = $1 OR coalesce(member.can_edit, false) AS editable,
              album.created_by = $1 AS created
         FROM albums album
         LEFT JOIN album_members member ON member.album_id = album.id AND member.user_id = $1
        WHERE album.id IN (${VISIBLE_IDS.replace(/:userId/g, '$1')})
        ORDER BY album.id`,
      [userId],
    );
    return {
      visible: rows.map((row) => row.id),
      editable: rows.filter((row) => row.editable).map((row) => row.id),
      created: rows.filter((row) => row.created).map((row) => row.id),
    };
  }

  /** The ids of the albums a person created (a deleted account's albums go with it). */
  async idsCreatedBy(userId: number): Promise<number[]> {
    const albums = await this.albums.find({ select: { id: true }, where: { createdBy: userId }, order: { id: 'ASC' } });
    return albums.map((album) => album.id);
  }

  async removeMembershipsOf(userId: number): Promise<void> {
    await this.members.delete({ userId });
  }
}
