import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ExportScope, TakeoutAlbum } from '@family/contract';

interface AlbumRow {
  id: number;
  name: string;
  description: string | null;
  isShared: boolean;
  createdBy: number;
  createdAt: Date;
  members: Array<{ userId: number; canEdit: boolean }> | null;
}

/**
 * The albums an export holds, with their members, a page at a time by id (docs/api.md "Takeout"): `mine` the
 * albums the person created, `family` every album they see (docs/rights.md "Album visibility").
 */
@Injectable()
export class TakeoutAlbumRepository {
  constructor(private readonly db: DataSource) {}

  async page(userId: number, scope: ExportScope, after: number, limit: number): Promise<TakeoutAlbum[]> {
    const which =
      scope === 'mine'
        ? `a.created_by = $1`
        : `(a.created_by = $1 OR a.is_shared
            OR EXISTS (SELECT 1 FROM album_members me WHERE me.album_id = a.id AND me.user_id = $1))`;
    const rows: AlbumRow[] = await this.db.query(
      `SELECT a.id, a.name, a.description, a.is_shared AS "isShared", a.created_by AS "createdBy",
              a.created_at AS "createdAt",
              (SELECT json_agg(json_build_object('userId', m.user_id, 'canEdit', m.can_edit) ORDER BY m.user_id)
                 FROM album_members m WHERE m.album_id = a.id) AS members
         FROM albums a
        WHERE a.id > $2 AND ${which}
        ORDER BY a.id LIMIT $3`,
      [userId, after, limit],
    );
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      isShared: row.isShared,
      createdBy: row.createdBy,
      members: row.members ?? [],
      createdAt: new Date(row.createdAt).toISOString(),
    }));
  }
}
