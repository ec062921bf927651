import { Injectable, NotFoundException } from '@nestjs/common';
import { type NotificationPage, NOTIFICATIONS_PAGE_SIZE, NOTIFICATIONS_UNREAD_CAP } from '@family/contract';
import { DirectoryClient, type Identity } from '@family/shared';
import { mapNotification, type NotificationsQuery } from '../dtos/notification.dto';
import { NotificationRepository } from '../repositories/notification.repository';
import { AlbumAccessCache } from './album-access.cache';

export const NOTIFICATION_NOT_FOUND = 'This notification was not found.';

/**
 * docs/product.md "Notifications": a member reads and marks only their own, and sees only those whose item or
 * album they may see now (docs/rights.md "Media visibility", "Album visibility").
 */
@Injectable()
export class NotificationService {
  constructor(
    private readonly notifications: NotificationRepository,
    private readonly albums: AlbumAccessCache,
    private readonly directory: DirectoryClient,
  ) {}

  async list(user: Identity, query: NotificationsQuery): Promise<NotificationPage> {
    const limit = query.limit ?? NOTIFICATIONS_PAGE_SIZE;
    const { visible } = await this.albums.forUser(user.id);
    const viewer = { userId: user.id, visibleAlbumIds: visible };
    const [rows, unread] = await Promise.all([
      this.notifications.page(viewer, query.cursor, limit),
      this.notifications.unreadCount(viewer, NOTIFICATIONS_UNREAD_CAP),
    ]);
    const page = rows.slice(0, limit);
    const people = await this.directory.lookup(page.map((row) => row.actorId));
    return {
      items: page.map((row) => mapNotification(row, people)),
      nextCursor: rows.length > limit ? String(page[page.length - 1]!.id) : null,
      unread,
    };
  }

  async markRead(user: Identity, id: number): Promise<void> {
    if (!(await this.notifications.markRead(user.id, id))) throw new NotFoundException(NOTIFICATION_NOT_FOUND);
  }

  markAllRead(user: Identity): Promise<void> {
    return this.notifications.markAllRead(user.id);
  }
}
