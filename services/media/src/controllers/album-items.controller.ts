import { Body, Controller, Delete, HttpCode, Param, Post, Put } from '@nestjs/common';
import type { Identity } from '@family/shared';
import { CurrentUser, ParseIdPipe } from '@family/shared/nest';
import { MoveToAlbumDto } from '../dtos/album-move.dto';
import { AlbumItemsService } from '../services/album-items.service';

/**
 * Which album an item is in: kept by media, so media answers, though two of the paths are under /api/albums (the
 * gateway routes them here; docs/api.md).
 */
@Controller('api')
export class AlbumItemsController {
  constructor(private readonly albumItems: AlbumItemsService) {}

  @Post('albums/:albumId/media/:mediaId')
  @HttpCode(200)
  add(
    @CurrentUser() user: Identity,
    @Param('albumId', ParseIdPipe) albumId: number,
    @Param('mediaId', ParseIdPipe) mediaId: number,
  ) {
    return this.albumItems.add(user, albumId, mediaId);
  }

  @Delete('albums/:albumId/media/:mediaId')
  remove(
    @CurrentUser() user: Identity,
    @Param('albumId', ParseIdPipe) albumId: number,
    @Param('mediaId', ParseIdPipe) mediaId: number,
  ) {
    return this.albumItems.remove(user, albumId, mediaId);
  }

  @Put('media/:id/album')
  move(@CurrentUser() user: Identity, @Param('id', ParseIdPipe) id: number, @Body() dto: MoveToAlbumDto) {
    return this.albumItems.move(user, id, dto.albumId);
  }
}
