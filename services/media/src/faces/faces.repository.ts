import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { LIVE, Params, type Viewer, visibleTo } from '../repositories/media-sql';
import type { DetectedFace } from './face-detector';

export interface FaceBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A face as the service reads it; the descriptor stays in the database unless asked for. */
export interface FaceRow {
  id: number;
  mediaId: number;
  box: FaceBox;
  personId: number | null;
  /** Naming this face made the item's tag (so un-naming it takes the tag away again). */
  tagged: boolean;
  score: number | null;
  sizePx: number | null;
  drawn: boolean;
}

export interface NamedDescriptor {
  faceId: number;
  personId: number;
  descriptor: number[];
}

const FACE_COLUMNS = `f.id, f.media_id AS "mediaId", f.person_id AS "personId", f.tagged, f.score,
  f.size_px AS "sizePx", f.drawn_by IS NOT NULL AS drawn,
  json_build_object('x', f.box_x, 'y', f.box_y, 'width', f.box_width, 'height', f.box_height) AS box`;

/** The media schema's faces, face_scans and face_rejections (docs/architecture.md "Faces"). */
@Injectable()
export class FacesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async facesOf(mediaId: number): Promise<FaceRow[]> {
    return this.db.query(`SELECT ${FACE_COLUMNS} FROM faces f WHERE f.media_id = $1 ORDER BY f.box_x, f.id`, [mediaId]);
  }

  async findFace(id: number): Promise<FaceRow | null> {
    const [row] = (await this.db.query(`SELECT ${FACE_COLUMNS} FROM faces f WHERE f.id = $1`, [id])) as FaceRow[];
    return row ?? null;
  }

  /** The descriptors of these faces (those without one, drawn by hand, are left out). */
  async descriptorsOf(faceIds: number[]): Promise<Map<number, number[]>> {
    if (faceIds.length === 0) return new Map();
    const rows: Array<{ id: number; descriptor: number[] }> = await this.db.query(
      `SELECT id, descriptor FROM faces WHERE id = ANY($1::int[]) AND descriptor IS NOT NULL`,
      [faceIds],
    );
    return new Map(rows.map((row) => [row.id, row.descriptor]));
  }

  /**
   * The named faces with a descriptor on the live items `viewer` may see (docs/rights.md "Faces"): what
   * suggestions compare with. Several faces per person, all of them for now (docs/planned.md "Faces").
   */
  async namedDescriptors(viewer: Viewer): Promise<NamedDescriptor[]> {
    const params = new Params();
    return this.db.query(
      `SELECT f.id AS "faceId", f.person_id AS "personId", f.descriptor
         FROM faces f JOIN media_items m ON m.id = f.media_id
        WHERE f.person_id IS NOT NULL AND f.descriptor IS NOT NULL AND ${LIVE} AND ${visibleTo(viewer, params)}`,
      params.values,
    );
  }

  /**
   * The unnamed faces with a descriptor on the live items `viewer` may see, by id, at most `limit`: what the groups
   * of "Who is this?" are made of (docs/planned.md "Faces" for larger archives).
   */
  async unnamedDescriptors(
    viewer: Viewer,
    limit: number,
  ): Promise<Array<{ id: number; mediaId: number; box: FaceBox; descriptor: number[] }>> {
    const params = new Params();
    return this.db.query(
      `SELECT f.id, f.media_id AS "mediaId", f.descriptor,
              json_build_object('x', f.box_x, 'y', f.box_y, 'width', f.box_width, 'height', f.box_height) AS box
         FROM faces f JOIN media_items m ON m.id = f.media_id
        WHERE f.person_id IS NULL AND f.descriptor IS NOT NULL AND ${LIVE} AND ${visibleTo(viewer, params)}
        ORDER BY f.id LIMIT ${params.add(limit)}`,
      params.values,
    );
  }

  /** Who was turned down for these faces ("Not this person"). */
  async rejectionsOf(faceIds: number[]): Promise<Array<{ faceId: number; personId: number }>> {
    if (faceIds.length === 0) return [];
    return this.db.query(
      `SELECT face_id AS "faceId", person_id AS "personId" FROM face_rejections WHERE face_id = ANY($1::int[])`,
      [faceIds],
    );
  }

  async reject(faceId: number, personId: number, rejectedBy: number): Promise<void> {
    await this.db.query(
      `INSERT INTO face_rejections (face_id, person_id, rejected_by) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
      [faceId, personId, rejectedBy],
    );
  }

  async setPerson(faceId: number, personId: number | null, tagged: boolean): Promise<void> {
    await this.db.query(`UPDATE faces SET person_id = $2, tagged = $3 WHERE id = $1`, [faceId, personId, tagged]);
  }

  /** Whether another face of the item names this person. */
  async otherFaceNames(mediaId: number, personId: number, exceptFaceId: number): Promise<boolean> {
    const rows: unknown[] = await this.db.query(
      `SELECT 1 FROM faces WHERE media_id = $1 AND person_id = $2 AND id <> $3 LIMIT 1`,
      [mediaId, personId, exceptFaceId],
    );
    return rows.length > 0;
  }

  /** A box drawn by hand for a face the detector missed: no descriptor, named from the start. */
  async insertDrawn(mediaId: number, box: FaceBox, personId: number | null, drawnBy: number): Promise<number> {
    const [row] = (await this.db.query(
      `INSERT INTO faces (media_id, box_x, box_y, box_width, box_height, person_id, drawn_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [mediaId, box.x, box.y, box.width, box.height, personId, drawnBy],
    )) as Array<{ id: number }>;
    return row.id;
  }

  /**
   * What the detector found on an item, in one transaction with its scan: a repeat of the job (the item prepared
   * again) replaces the detector's unnamed faces and keeps named and drawn ones. False when the item is gone.
   */
  async saveScan(mediaId: number, faces: DetectedFace[]): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const exists: unknown[] = await tx.query(`SELECT 1 FROM media_items WHERE id = $1 FOR SHARE`, [mediaId]);
      if (exists.length === 0) return false;
      await tx.query(`DELETE FROM faces WHERE media_id = $1 AND person_id IS NULL AND drawn_by IS NULL`, [mediaId]);
      if (faces.length > 0) {
        await tx.query(
          `INSERT INTO faces (media_id, box_x, box_y, box_width, box_height, score, size_px, descriptor)
           SELECT $1, x, y, w, h, s, px, ARRAY(SELECT json_array_elements_text(d)::real)
             FROM unnest($2::real[], $3::real[], $4::real[], $5::real[], $6::real[], $7::int[], $8::json[])
               AS t(x, y, w, h, s, px, d)`,
          [
            mediaId,
            faces.map((face) => face.box.x),
            faces.map((face) => face.box.y),
            faces.map((face) => face.box.width),
            faces.map((face) => face.box.height),
            faces.map((face) => face.score),
            faces.map((face) => face.sizePx),
            faces.map((face) => JSON.stringify(face.descriptor)),
          ],
        );
      }
      await tx.query(
        `INSERT INTO face_scans (media_id, failure) VALUES ($1, NULL)
         ON CONFLICT (media_id) DO UPDATE SET failure = NULL, scanned_at = now()`,
        [mediaId],
      );
      return true;
    });
  }

  /** The picture could not be read: the item stays, its scan records why. */
  async saveFailedScan(mediaId: number, failure: string): Promise<void> {
    await this.db.query(
      `INSERT INTO face_scans (media_id, failure) SELECT $1, $2 WHERE EXISTS (SELECT 1 FROM media_items WHERE id = $1)
       ON CONFLICT (media_id) DO UPDATE SET failure = EXCLUDED.failure, scanned_at = now()`,
      [mediaId, failure],
    );
  }

  async scanOf(mediaId: number): Promise<{ failure: string | null } | null> {
    const [row] = (await this.db.query(`SELECT failure FROM face_scans WHERE media_id = $1`, [mediaId])) as Array<{
      failure: string | null;
    }>;
    return row ?? null;
  }

  /**
   * Items ready with a picture that were never scanned, by id after `afterId` (keyset, the primary key): the
   * backfill's pages.
   */
  async unscannedAfter(afterId: number, limit: number): Promise<number[]> {
    const rows: Array<{ id: number }> = await this.db.query(
      `SELECT m.id FROM media_items m
        WHERE m.id > $1 AND m.processing = 'ready' AND m.object_key IS NOT NULL
          AND m.type IN ('photo', 'post', 'video') AND ${LIVE}
          AND NOT EXISTS (SELECT 1 FROM face_scans s WHERE s.media_id = m.id)
        ORDER BY m.id LIMIT $2`,
      [afterId, limit],
    );
    return rows.map((row) => row.id);
  }

  /** The item's date ('YYYY-MM-DD'), for the life-dates rule. */
  async itemDate(mediaId: number): Promise<string | null> {
    const [row] = (await this.db.query(`SELECT media_date::text AS date FROM media_items WHERE id = $1`, [
      mediaId,
    ])) as Array<{ date: string }>;
    return row?.date ?? null;
  }
}
