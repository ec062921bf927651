import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { MediaType } from '@family/contract';

export interface StorageUseRow {
  userId: number;
  type: MediaType;
  items: number;
  bytes: number;
}

/** What the originals take, per uploader and kind: one grouped query over media_items (the trash included). */
@Injectable()
export class StorageUseRepository {
  constructor(private readonly db: DataSource) {}

  async perMemberAndKind(): Promise<StorageUseRow[]> {
    const rows: Array<{ user_id: number; type: MediaType; items: number; bytes: string }> = await this.db.query(
      `SELECT user_id, type, count(*)::int AS items,
              (coalesce(sum(file_size), 0) + coalesce(sum(motion_file_size), 0))::bigint AS bytes
         FROM media_items
        GROUP BY user_id, type
        ORDER BY bytes DESC, user_id, type`,
    );
    return rows.map((row) => ({ userId: row.user_id, type: row.type, items: row.items, bytes: Number(row.bytes) }));
  }
}
