import type { PersonName } from './person';

/**
 * What a bell entry is about (docs/product.md "Notifications"): the member was tagged in an item, added to an
 * album, a memory was written about them, or an invite they made was used to sign up.
 */
export const NOTIFICATION_KINDS = ['tagged', 'album-member', 'memory', 'invite-used'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** One entry of GET /api/notifications. */
export interface NotificationEntry {
  id: number;
  kind: NotificationKind;
  /** Who did it. */
  actor: PersonName;
  /** What it is about: the media item, the album, the memory's person, the person who signed up. */
  subjectId: number;
  /** The album's name or the memory's title when it happened; the item's title as it is now. */
  subjectTitle: string | null;
  /** ISO time. */
  createdAt: string;
  read: boolean;
}

/** A page of GET /api/notifications, newest first; `unread` counts up to NOTIFICATIONS_UNREAD_CAP. */
export interface NotificationPage {
  items: NotificationEntry[];
  nextCursor: string | null;
  unread: number;
}

export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_PAGE_MAX = 100;
/** The bell shows "99+" beyond this: counting further would read every unread entry on each refresh. */
export const NOTIFICATIONS_UNREAD_CAP = 100;
