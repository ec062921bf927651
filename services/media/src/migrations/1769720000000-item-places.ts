import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * docs/product.md "Places": where an item was taken, as a place name ("Paris, France") the worker finds from a
 * photo's GPS or a person writes, with the position it came from (the original keeps its GPS; derivatives have
 * none). `place_given` keeps a name a person wrote when the item is prepared again.
 */
export class ItemPlaces1769720000000 implements MigrationInterface {
  name = 'ItemPlaces1769720000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE media_items
      ADD COLUMN place varchar(200),
      ADD COLUMN latitude double precision,
      ADD COLUMN longitude double precision,
      ADD COLUMN place_given boolean NOT NULL DEFAULT false`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE media_items DROP COLUMN place, DROP COLUMN latitude, DROP COLUMN longitude,
      DROP COLUMN place_given`);
  }
}
