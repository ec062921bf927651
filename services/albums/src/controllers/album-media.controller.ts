import { Controller, Delete, HttpCode, Param, Post } from '@nestjs/common';
import type { Identity } from '@family/shared';
import { CurrentUser, ParseIdPipe } from '@family/shared/nest';
import { AlbumMediaService } from '../services/album-media.service';

@Controller('api/albums/:albumId/media/:mediaId')
export class AlbumMediaController {
  constructor(private readonly albumMedia: AlbumMediaService) {}

  @Post()
  @HttpCode(200)
  add(
    @CurrentUser() user: Identity,
    @Param('albumId', ParseIdPipe) albumId: number,
    @Param('mediaId', ParseIdPipe) mediaId: number,
  ) {
    return this.albumMedia.add(user, albumId, mediaId);
  }

  @Delete()
  remove(
    @CurrentUser() user: Identity,
    @Param('albumId', ParseIdPipe) albumId: number,
    @Param('mediaId', ParseIdPipe) mediaId: number,
  ) {
    return this.albumMedia.remove(user, albumId, mediaId);
  }
}
