import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { RestoreProfileDto, UndoRestoreDto } from '../dtos/takeout-import.dto';

/**
 * A takeout import's part in profile (docs/architecture.md "Takeout import"): members found by username, and the
 * importing member's story and memories restored only where theirs are empty, so importing the same export twice
 * (or into a profile already written) changes nothing. An import with more memories than one body holds sends the
 * rest with `append` once its first call has taken the first of them.
 */
@Injectable()
export class TakeoutRestoreService {
  constructor(private readonly db: DataSource) {}

  async membersByUsername(usernames: string[]): Promise<{ ids: (number | null)[] }> {
    const lower = usernames.map((name) => name.toLowerCase());
    const rows: { user_id: number; name: string }[] = await this.db.query(
      `SELECT user_id, lower(username) AS name FROM profiles WHERE lower(username) = ANY($1::text[])`,
      [lower],
    );
    const byName = new Map(rows.map((row) => [row.name, row.user_id]));
    return { ids: lower.map((name) => byName.get(name) ?? null) };
  }

  async restore(dto: RestoreProfileDto): Promise<{ story: boolean; memoryIds: number[] }> {
    return this.db.transaction(async (tx) => {
      let story = false;
      if (dto.story?.trim()) {
        const updated: unknown[] = await tx.query(
          `UPDATE profiles SET story = $2 WHERE user_id = $1 AND (story IS NULL OR btrim(story) = '') RETURNING user_id`,
          [dto.userId, dto.story],
        );
        story = updated.length > 0;
      }
      const memoryIds: number[] = [];
      const [{ count }]: { count: number }[] = await tx.query(
        `SELECT count(*)::int AS count FROM memories WHERE person_id = $1`,
        [dto.userId],
      );
      if ((count === 0 || dto.append === true) && dto.memories.length > 0) {
        const rows: { id: number }[] = await tx.query(
          `INSERT INTO memories (user_id, person_id, title, content, created_at)
           SELECT $1, $1, title, content, COALESCE(written, now())
             FROM unnest($2::text[], $3::text[], $4::timestamptz[]) AS m(title, content, written) RETURNING id`,
          [
            dto.userId,
            dto.memories.map((memory) => memory.title),
            dto.memories.map((memory) => memory.content),
            dto.memories.map((memory) => memory.createdAt ?? null),
          ],
        );
        memoryIds.push(...rows.map((row) => row.id));
      }
      return { story, memoryIds };
    });
  }

  async undo(dto: UndoRestoreDto): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (dto.story) await tx.query(`UPDATE profiles SET story = NULL WHERE user_id = $1`, [dto.userId]);
      if (dto.memoryIds.length > 0) {
        await tx.query(`DELETE FROM memories WHERE id = ANY($1::int[]) AND person_id = $2`, [
          dto.memoryIds,
          dto.userId,
        ]);
      }
    });
  }
}
