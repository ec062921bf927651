import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * docs/rights.md "Attaching a person to an item": a tag that a merge or an invite carried to a person who would
 * see the item only by that tag, on behalf of someone who may not edit the item, waits for one of the item's
 * editors to confirm it. Until then it names the person on the item but shows them nothing, so the visibility
 * predicate reads only confirmed tags. Every tag made before is confirmed.
 */
export class TagConfirmation1769400000000 implements MigrationInterface {
  name = 'TagConfirmation1769400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE media_tags ADD COLUMN confirmed boolean NOT NULL DEFAULT true`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE media_tags DROP COLUMN confirmed`);
  }
}
