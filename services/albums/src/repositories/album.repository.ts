import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, In, QueryFailedError, Repository } from 'typeorm';
import type { AlbumAccess } from '@family/contract';
import { CHANGE_GENERATIONS_COLUMN, ChangeGenerations, parseChangeGenerations } from '@family/shared/nest';
import { AlbumMemberEntity } from '../entities/album-member.entity';
import { AlbumEntity } from '../entities/album.entity';
import { LISTED_COLUMNS, VISIBLE_IDS } from './album-list.sql';

export type NewAlbum = Pick<AlbumEntity, 'name' | 'description' | 'isShared' | 'createdBy'>;
export type AlbumChanges = Partial<Pick<AlbumEntity, 'name' | 'description' | 'isShared'>>;

/** An album as it is shown: read as plain text and numbers, never saved back. */
export interface ListedAlbum {
  id: number;
  name: string;
  description: string | null;
  isShared: boolean;
  createdBy: number;
  /** ISO timestamp. */
  createdAt: string;
  /** In the order they joined. */
  members: Array<{ userId: number; canEdit: boolean }>;
}

type ListedAlbumRow = Omit<ListedAlbum, 'members'> & {
  memberIds: number[];
  memberCanEdit: boolean[];
  generations?: unknown;
};

function toListedAlbum({ memberIds, memberCanEdit, generations: _, ...album }: ListedAlbumRow): ListedAlbum {
  return { ...album, members: memberIds.map((userId, i) => ({ userId, canEdit: memberCanEdit[i] })) };
}

@Injectable()
export class AlbumRepository {
  constructor(
    @InjectRepository(AlbumEntity) private readonly albums: Repository<AlbumEntity>,
    @InjectRepository(AlbumMemberEntity) private readonly members: Repository<AlbumMemberEntity>,
    private readonly generations: ChangeGenerations,
  ) {}

  /** The new album's id. */
  async create(album: NewAlbum): Promise<number> {
    return (await this.albums.save(this.albums.create(album))).id;
  }

  findById(id: number): Promise<AlbumEntity | null> {
    return this.albums.findOneBy({ id });
  }

  /**
   * The albums a person sees, newest first, each with its members; only those `createdBy` made, when given. One
   * statement, which also reads the change numbers (the people it names are then known or asked for, without
   * another statement: docs/architecture.md "Caches").
   */
  async listVisible(userId: number, createdBy?: number): Promise<ListedAlbum[]> {
    const byCreator = createdBy === undefined ? '' : 'AND a.created_by = $2';
    const rows: ListedAlbumRow[] = await this.albums.query(
      `SELECT ${LISTED_COLUMNS}, ${CHANGE_GENERATIONS_COLUMN} AS "generations"
         FROM albums a WHERE a.id IN (${VISIBLE_IDS}) ${byCreator}
        ORDER BY a.created_at DESC, a.id DESC`,
      createdBy === undefined ? [userId] : [userId, createdBy],
    );
    if (rows.length > 0) this.generations.remember(parseChangeGenerations(rows[0].generations));
    return rows.map(toListedAlbum);
  }

  /** One album with its members, as the list shows it. */
  async findListed(id: number): Promise<ListedAlbum | null> {
    const rows: ListedAlbumRow[] = await this.albums.query(`SELECT ${LISTED_COLUMNS} FROM albums a WHERE a.id = $1`, [
      id,
    ]);
    return rows.length > 0 ? toListedAlbum(rows[0]) : null;
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

  async update(id: number, changes: AlbumChanges): Promise<void> {
    if (Object.keys(changes).length > 0) await this.albums.update({ id }, changes);
  }

  /** Removes the album; its memberships go with it (ON DELETE CASCADE). */
  /** Deletes the album (its members with it) and, in the same transaction, writes what `also` writes. */
  async delete(id: number, also: (manager: EntityManager) => Promise<void>): Promise<void> {
    await this.albums.manager.transaction(async (manager) => {
      await manager.delete(AlbumEntity, { id });
      await also(manager);
    });
  }

  /** In one query: the albums a person sees, may edit (creator or canEdit member) and created. */
  async accessOf(userId: number): Promise<AlbumAccess> {
    const rows: Array<{ id: number; editable: boolean; created: boolean }> = await this.albums.query(
      `SELECT album.id,
              album.created_by = $1 OR coalesce(member.can_edit, false) AS editable,
              album.created_by = $1 AS created
         FROM albums album
         LEFT JOIN album_members member ON member.album_id = album.id AND member.user_id = $1
        WHERE album.id IN (${VISIBLE_IDS})
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
