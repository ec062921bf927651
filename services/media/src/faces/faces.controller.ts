import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import type { Identity } from '@family/shared';
import { CurrentUser, ParseIdPipe } from '@family/shared/nest';
import { DrawFaceDto, FaceGroupsQueryDto, NameFaceDto, RejectSuggestionDto } from './faces.dto';
import { FacesService } from './faces.service';

/** docs/api.md "Faces". */
@Controller('api')
export class FacesController {
  constructor(private readonly faces: FacesService) {}

  /** Before `faces/:id` routes: `groups` is not an id. */
  @Get('faces/groups')
  groups(@CurrentUser() user: Identity, @Query() query: FaceGroupsQueryDto) {
    return this.faces.groups(user, query.cursor);
  }

  @Get('media/:id/faces')
  list(@CurrentUser() user: Identity, @Param('id', ParseIdPipe) id: number) {
    return this.faces.itemFaces(user, id);
  }

  @Post('media/:id/faces')
  draw(@CurrentUser() user: Identity, @Param('id', ParseIdPipe) id: number, @Body() dto: DrawFaceDto) {
    return this.faces.draw(user, id, dto.box, dto.personId ?? null);
  }

  @Patch('faces/:id')
  name(@CurrentUser() user: Identity, @Param('id', ParseIdPipe) id: number, @Body() dto: NameFaceDto) {
    return this.faces.name(user, id, dto.personId);
  }

  @Post('faces/:id/reject')
  @HttpCode(204)
  reject(@CurrentUser() user: Identity, @Param('id', ParseIdPipe) id: number, @Body() dto: RejectSuggestionDto) {
    return this.faces.reject(user, id, dto.personId);
  }
}
