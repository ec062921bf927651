import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { DeleteImportedAlbumsDto, ImportAlbumDto } from '../dtos/takeout-import.dto';

/**
 * Albums of a takeout import (docs/architecture.md "Takeout import"): made as the importing member with the
 * members the import found, in one transaction; the same source again answers the album made before.
 */
@Injectable()
export class AlbumImportService {
  constructor(private readonly db: DataSource) {}

  async import(dto: ImportAlbumDto): Promise<{ id: number; created: boolean }> {
    return this.db.transaction(async (tx) => {
      const inserted: { id: number }[] = await tx.query(
        `INSERT INTO albums (name, description, is_shared, created_by, import_source) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (created_by, import_source) WHERE import_source IS NOT NULL DO NOTHING RETURNING id`,
        [dto.name, dto.description ?? null, dto.isShared, dto.createdBy, dto.source],
      );
      if (inserted.length === 0) {
        const [found]: { id: number }[] = await tx.query(
          `SELECT id FROM albums WHERE created_by = $1 AND import_source = $2`,
          [dto.createdBy, dto.source],
        );
        return { id: found!.id, created: false };
      }
      const id = inserted[0]!.id;
      const members = dto.members.filter((member) => member.userId !== dto.createdBy);
      if (members.length > 0) {
        await tx.query(
          `INSERT INTO album_members (album_id, user_id, can_edit)
           SELECT $1, user_id, can_edit FROM unnest($2::int[], $3::boolean[]) AS m(user_id, can_edit)
           ON CONFLICT DO NOTHING`,
          [id, members.map((member) => member.userId), members.map((member) => member.canEdit)],
        );
      }
      return { id, created: true };
    });
  }

  /** Only albums an import made (they carry their source); their members go with them. */
  async delete(dto: DeleteImportedAlbumsDto): Promise<void> {
    if (dto.ids.length === 0) return;
    await this.db.query(`DELETE FROM albums WHERE id = ANY($1::int[]) AND import_source IS NOT NULL`, [dto.ids]);
  }
}
