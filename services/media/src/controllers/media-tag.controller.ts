import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import type { Identity } from '@family/shared';
import { CurrentUser, ParseIdPipe } from '@family/shared/nest';
import type { MediaDateHint } from '@family/contract';
import { AddTagDto } from '../dtos/media.dto';
import { DateHintService } from '../services/date-hint.service';
import { TagService } from '../services/tag.service';

@Controller('api/media')
export class MediaTagController {
  constructor(
    private readonly tags: TagService,
    private readonly dateHints: DateHintService,
  ) {}

  /** What the lives of the people tagged in the item say of its date ("after 1958: Anna is in it"). */
  @Get(':id/date-hint')
  dateHint(@CurrentUser() user: Identity, @Param('id', ParseIdPipe) id: number): Promise<MediaDateHint> {
    return this.dateHints.hint(user, id);
  }

  /** The older path for the same list (docs/api.md lists both). */
  @Get('tags/:mediaId')
  listByMedia(@CurrentUser() user: Identity, @Param('mediaId', ParseIdPipe) mediaId: number) {
    return this.tags.list(user, mediaId);
  }

  @Get(':id/tags')
  list(@CurrentUser() user: Identity, @Param('id', ParseIdPipe) id: number) {
    return this.tags.list(user, id);
  }

  @Post(':id/tags')
  add(@CurrentUser() user: Identity, @Param('id', ParseIdPipe) id: number, @Body() dto: AddTagDto) {
    return this.tags.add(user, id, dto.userId);
  }

  @Delete(':id/tags/:userId')
  @HttpCode(204)
  remove(
    @CurrentUser() user: Identity,
    @Param('id', ParseIdPipe) id: number,
    @Param('userId', ParseIdPipe) userId: number,
  ) {
    return this.tags.remove(user, id, userId);
  }
}
