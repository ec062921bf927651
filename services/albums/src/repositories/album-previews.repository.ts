import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AlbumMediaSummary, AlbumPreviewItem } from '@family/contract';
import { ALBUM_PREVIEWS_SQL } from './album-previews.sql';

/**
 * Each album's item count and newest items, as media keeps them in the table both share (docs/architecture.md
 * "Who calls whom"): one statement for any number of albums, by primary key; albums without items have no row.
 * Media writes it in the transaction of every change, so the very next list shows it.
 */
@Injectable()
export class AlbumPreviewsRepository {
  constructor(private readonly db: DataSource) {}

  async summaries(albumIds: number[]): Promise<Map<number, AlbumMediaSummary>> {
    const rows: Array<{ albumId: number; itemCount: number; items: AlbumPreviewItem[] }> = await this.db.query(
      ALBUM_PREVIEWS_SQL,
      [[...new Set(albumIds)]],
    );
    return new Map(rows.map((row) => [row.albumId, { itemCount: row.itemCount, items: row.items }]));
  }
}
