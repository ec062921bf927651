import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import type { NotificationEntry, NotificationKind, PersonSummary } from '@family/contract';
import { NOTIFICATIONS_PAGE_MAX } from '@family/contract';
import { personName, queryId } from '@family/shared';

const INVALID_CURSOR = 'The page cursor is not valid.';
/** `?limit=` is no limit given; anything else is read as a number (not one: refused as not whole). */
const blankOrNumber = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value.trim() === '' ? undefined : Number(value);

/** GET /api/notifications: how many, and after which entry (its id: the list is newest first by id). */
export class NotificationsQuery {
  @IsOptional()
  @Transform(blankOrNumber)
  @Max(NOTIFICATIONS_PAGE_MAX, { message: `limit must be at most ${NOTIFICATIONS_PAGE_MAX}` })
  @Min(1, { message: 'limit must be at least 1' })
  @IsInt({ message: 'limit must be a whole number' })
  limit?: number;

  @IsOptional()
  @Transform(queryId)
  @Min(1, { message: INVALID_CURSOR })
  @IsInt({ message: INVALID_CURSOR })
  cursor?: number;
}

/** A notification as the repository reads it. */
export interface NotificationRow {
  id: number;
  kind: NotificationKind;
  actorId: number;
  subjectId: number;
  subjectTitle: string | null;
  createdAt: Date;
  read: boolean;
}

export function mapNotification(row: NotificationRow, people: Map<number, PersonSummary>): NotificationEntry {
  return {
    id: row.id,
    kind: row.kind,
    actor: personName(row.actorId, people),
    subjectId: row.subjectId,
    subjectTitle: row.subjectTitle,
    createdAt: row.createdAt.toISOString(),
    read: row.read,
  };
}
