import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { COLUMNS, MediaItemEntity, Params, takeoutCondition, type TakeoutSelection, toItem } from '../../media-kit';

/** The items one export holds (docs/api.md "Takeout"), by pages. */
@Injectable()
export class TakeoutItemsRepository {
  constructor(@InjectRepository(MediaItemEntity) private readonly items: Repository<MediaItemEntity>) {}

  /** One page of an export's items by id (keyset on the primary key). */
  async takeoutPage(selection: TakeoutSelection, afterId: number, limit: number): Promise<MediaItemEntity[]> {
    const params = new Params();
    const rows: Record<string, unknown>[] = await this.items.query(
      `SELECT ${COLUMNS} FROM media_items m
        WHERE ${takeoutCondition(selection, params)} AND m.id > ${params.add(afterId)}
        ORDER BY m.id LIMIT ${params.add(limit)}`,
      params.values,
    );
    return rows.map(toItem);
  }

  /** How many items an export holds, for its progress. */
  async takeoutCount(selection: TakeoutSelection): Promise<number> {
    const params = new Params();
    const rows: Array<{ count: string }> = await this.items.query(
      `SELECT count(*) AS count FROM media_items m WHERE ${takeoutCondition(selection, params)}`,
      params.values,
    );
    return Number(rows[0]?.count ?? 0);
  }
}
