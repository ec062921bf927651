import { Injectable } from '@nestjs/common';
import type { NotificationKind } from '@family/contract';
import { DataSource, type EntityManager, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * docs/architecture.md "Notifications": one table beside the announced changes, outside every service's schema.
 * The service where something happens (media: tags; albums: members; profile: memories; auth: invites used)
 * writes a row; media reads them and answers /api/notifications, with its visibility rule. Writing a row calls
 * nobody, so no call goes from the writers to media (docs/architecture.md "Who calls whom").
 */
export const NOTIFICATIONS_TABLE = 'archive_notifications.notifications';

/** Every service that writes or reads notifications runs this; the first makes the table (as CreateAnnouncedChanges). */
export class CreateNotifications1769600000000 implements MigrationInterface {
  name = 'CreateNotifications1769600000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`SELECT pg_advisory_xact_lock(hashtext('archive_notifications'))`);
    await db.query(`CREATE SCHEMA IF NOT EXISTS archive_notifications`);
    await db.query(`
      CREATE TABLE IF NOT EXISTS ${NOTIFICATIONS_TABLE} (
        id serial PRIMARY KEY,
        recipient_id integer NOT NULL,
        kind varchar(20) NOT NULL,
        actor_id integer NOT NULL,
        subject_id integer NOT NULL,
        subject_title text,
        created_at timestamptz NOT NULL DEFAULT now(),
        read_at timestamptz
      )`);
    // A member's list newest first (keyset on id), and their unread ones for the bell's count.
    await db.query(
      `CREATE INDEX IF NOT EXISTS notifications_recipient_newest ON ${NOTIFICATIONS_TABLE} (recipient_id, id DESC)`,
    );
    await db.query(
      `CREATE INDEX IF NOT EXISTS notifications_recipient_unread ON ${NOTIFICATIONS_TABLE} (recipient_id, id DESC)
       WHERE read_at IS NULL`,
    );
    // Taking back the entries of a subject that is gone (a deleted memory's).
    await db.query(`CREATE INDEX IF NOT EXISTS notifications_subject ON ${NOTIFICATIONS_TABLE} (kind, subject_id)`);
  }

  async down(): Promise<void> {}
}

export interface NotificationToSend {
  recipientId: number;
  kind: NotificationKind;
  actorId: number;
  subjectId: number;
  subjectTitle?: string | null;
}

/** Writes notifications; nobody is told of their own action (docs/product.md "Notifications"). */
@Injectable()
export class NotificationOutbox {
  constructor(private readonly db: DataSource) {}

  /** One statement for any number; inside a transaction when given its manager, so the change and its note go together. */
  async send(notes: NotificationToSend[], manager: EntityManager = this.db.manager): Promise<void> {
    const others = notes.filter((note) => note.recipientId !== note.actorId);
    if (others.length === 0) return;
    await manager.query(
      `INSERT INTO ${NOTIFICATIONS_TABLE} (recipient_id, kind, actor_id, subject_id, subject_title)
       SELECT * FROM unnest($1::int[], $2::varchar[], $3::int[], $4::int[], $5::text[])`,
      [
        others.map((note) => note.recipientId),
        others.map((note) => note.kind),
        others.map((note) => note.actorId),
        others.map((note) => note.subjectId),
        others.map((note) => note.subjectTitle ?? null),
      ],
    );
  }

  /** Takes back the notifications of a subject that is gone (a memory deleted), or of one recipient of it. */
  async withdraw(kind: NotificationKind, subjectId: number, recipientId?: number): Promise<void> {
    await this.db.query(
      `DELETE FROM ${NOTIFICATIONS_TABLE} WHERE kind = $1 AND subject_id = $2 AND ($3::int IS NULL OR recipient_id = $3)`,
      [kind, subjectId, recipientId ?? null],
    );
  }
}
