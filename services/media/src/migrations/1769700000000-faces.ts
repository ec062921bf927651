import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * docs/architecture.md "Faces": the faces found on an item's picture (or drawn by hand), each a box in relative
 * coordinates, a descriptor of 128 numbers (none for a drawn box), its quality and, once named, a person;
 * which items the detector has looked at (a scan, failed with a sentence when the picture could not be read);
 * and the suggestions a member turned down ("Not this person").
 */
export class Faces1769700000000 implements MigrationInterface {
  name = 'Faces1769700000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE faces (
        id serial PRIMARY KEY,
        media_id int NOT NULL REFERENCES media_items(id) ON DELETE CASCADE,
        box_x real NOT NULL,
        box_y real NOT NULL,
        box_width real NOT NULL,
        box_height real NOT NULL,
        descriptor real[],
        score real,
        size_px int,
        person_id int,
        tagged boolean NOT NULL DEFAULT false,
        drawn_by int,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT faces_box CHECK (box_x >= 0 AND box_y >= 0 AND box_width > 0 AND box_height > 0
          AND box_x + box_width <= 1.0001 AND box_y + box_height <= 1.0001),
        CONSTRAINT faces_descriptor CHECK (descriptor IS NULL OR cardinality(descriptor) = 128)
      )`);
    await db.query(`CREATE INDEX faces_media ON faces (media_id, id)`);
    // Suggestions compare with the named faces that carry a descriptor; a person's faces by id.
    await db.query(`CREATE INDEX faces_named ON faces (person_id, id) WHERE person_id IS NOT NULL`);
    await db.query(`CREATE INDEX faces_unnamed ON faces (id) WHERE person_id IS NULL AND descriptor IS NOT NULL`);
    await db.query(`
      CREATE TABLE face_scans (
        media_id int PRIMARY KEY REFERENCES media_items(id) ON DELETE CASCADE,
        failure text,
        scanned_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`
      CREATE TABLE face_rejections (
        face_id int NOT NULL REFERENCES faces(id) ON DELETE CASCADE,
        person_id int NOT NULL,
        rejected_by int NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (face_id, person_id)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE face_rejections`);
    await db.query(`DROP TABLE face_scans`);
    await db.query(`DROP TABLE faces`);
  }
}
