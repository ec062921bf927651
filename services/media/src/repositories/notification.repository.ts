import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { NOTIFICATIONS_TABLE } from '@family/shared/nest';
import type { NotificationRow } from '../dtos/notification.dto';
import { LIVE, Params, type Viewer, visibleTo } from './media-sql';

/**
 * The notifications of one member (docs/architecture.md "Notifications"), only those whose subject they may see
 * now: an item by the visibility rule and out of the trash, an album they see; memories and invites are about
 * people, whom every member reads (docs/rights.md "Profile rights").
 */
function shown(viewer: Viewer, params: Params): string {
  return `(n.kind IN ('memory', 'invite-used')
    OR (n.kind = 'album-member' AND n.subject_id = ANY(${params.add(viewer.visibleAlbumIds)}::int[]))
    OR (n.kind = 'tagged' AND m.id IS NOT NULL AND ${LIVE} AND ${visibleTo(viewer, params)}))`;
}

const FROM = `${NOTIFICATIONS_TABLE} n LEFT JOIN media_items m ON n.kind = 'tagged' AND m.id = n.subject_id`;

@Injectable()
export class NotificationRepository {
  constructor(private readonly db: DataSource) {}

  /** Newest first, keyset on the id (index notifications_recipient_newest); one more than asked, to know of a next page. */
  async page(viewer: Viewer, before: number | undefined, limit: number): Promise<NotificationRow[]> {
    const params = new Params();
    const me = params.add(viewer.userId);
    const after = before === undefined ? '' : `AND n.id < ${params.add(before)}`;
    return this.db.query(
      `SELECT n.id, n.kind, n.actor_id AS "actorId", n.subject_id AS "subjectId",
              CASE WHEN n.kind = 'tagged' THEN m.title ELSE n.subject_title END AS "subjectTitle",
              n.created_at AS "createdAt", n.read_at IS NOT NULL AS read
         FROM ${FROM}
        WHERE n.recipient_id = ${me} ${after} AND ${shown(viewer, params)}
        ORDER BY n.id DESC LIMIT ${params.add(limit + 1)}`,
      params.values,
    );
  }

  /** The unread ones shown, counted up to `cap` (index notifications_recipient_unread). */
  async unreadCount(viewer: Viewer, cap: number): Promise<number> {
    const params = new Params();
    const me = params.add(viewer.userId);
    const [row] = (await this.db.query(
      `SELECT count(*)::int AS count FROM (
         SELECT 1 FROM ${FROM}
          WHERE n.recipient_id = ${me} AND n.read_at IS NULL AND ${shown(viewer, params)}
          LIMIT ${params.add(cap)}) AS unread`,
      params.values,
    )) as Array<{ count: number }>;
    return row?.count ?? 0;
  }

  /** Marks one of the member's own read; false when they have none with that id. */
  async markRead(recipientId: number, id: number): Promise<boolean> {
    const rows = (await this.db.query(
      `UPDATE ${NOTIFICATIONS_TABLE} SET read_at = coalesce(read_at, now())
        WHERE id = $1 AND recipient_id = $2 RETURNING id`,
      [id, recipientId],
    )) as [unknown[], number];
    return rows[0].length > 0;
  }

  async markAllRead(recipientId: number): Promise<void> {
    await this.db.query(
      `UPDATE ${NOTIFICATIONS_TABLE} SET read_at = now() WHERE recipient_id = $1 AND read_at IS NULL`,
      [recipientId],
    );
  }

  /** An account purged: what was sent to them goes; what they did stays, shown as a former member. */
  async deleteOf(recipientId: number): Promise<void> {
    await this.db.query(`DELETE FROM ${NOTIFICATIONS_TABLE} WHERE recipient_id = $1`, [recipientId]);
  }
}
