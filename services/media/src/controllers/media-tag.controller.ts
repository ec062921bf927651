import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import type { Identity } from '@family/shared';
import { CurrentUser, ParseIdPipe, RequestId } from '@family/shared/nest';
import { AddTagDto } from '../dtos/media.dto';
import { TagService } from '../services/tag.service';

@Controller('api/media')
export class MediaTagController {
  constructor(private readonly tags: TagService) {}

  /** The older path for the same list (docs/api.md lists both). */
  @Get('tags/:mediaId')
  listByMedia(
    @CurrentUser() user: Identity,
    @Param('mediaId', ParseIdPipe) mediaId: number,
    @RequestId() requestId?: string,
  ) {
    return this.tags.list(user, mediaId, requestId);
  }

  @Get(':id/tags')
  list(@CurrentUser() user: Identity, @Param('id', ParseIdPipe) id: number, @RequestId() requestId?: string) {
    return this.tags.list(user, id, requestId);
  }

  @Post(':id/tags')
  add(
    @CurrentUser() user: Identity,
    @Param('id', ParseIdPipe) id: number,
    @Body() dto: AddTagDto,
    @RequestId() requestId?: string,
  ) {
    return this.tags.add(user, id, dto.userId, requestId);
  }

  @Delete(':id/tags/:userId')
  @HttpCode(204)
  remove(
    @CurrentUser() user: Identity,
    @Param('id', ParseIdPipe) id: number,
    @Param('userId', ParseIdPipe) userId: number,
    @RequestId() requestId?: string,
  ) {
    return this.tags.remove(user, id, userId, requestId);
  }
}
