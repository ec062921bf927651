import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import type { Identity } from '@family/shared';
import { CurrentUser, ParseIdPipe } from '@family/shared/nest';
import { NotificationsQuery } from '../dtos/notification.dto';
import { NotificationService } from '../services/notification.service';

@Controller('api/notifications')
export class NotificationController {
  constructor(private readonly notifications: NotificationService) {}

  @Get()
  list(@CurrentUser() user: Identity, @Query() query: NotificationsQuery) {
    return this.notifications.list(user, query);
  }

  @Post('read')
  @HttpCode(204)
  markAllRead(@CurrentUser() user: Identity) {
    return this.notifications.markAllRead(user);
  }

  @Post(':id/read')
  @HttpCode(204)
  markRead(@CurrentUser() user: Identity, @Param('id', ParseIdPipe) id: number) {
    return this.notifications.markRead(user, id);
  }
}
