import { Body, Controller, Param, Put } from '@nestjs/common';
import type { Identity } from '@family/shared';
import { CurrentUser, ParseIdPipe } from '@family/shared/nest';
import { MoveToAlbumDto } from '../dtos/album-move.dto';
import { AlbumMoveService } from '../services/album-move.service';

/** Which album an item is in, changed by media, which keeps it (docs/api.md "Media"). */
@Controller('api/media/:id/album')
export class MediaAlbumController {
  constructor(private readonly moves: AlbumMoveService) {}

  @Put()
  move(@CurrentUser() user: Identity, @Param('id', ParseIdPipe) id: number, @Body() dto: MoveToAlbumDto) {
    return this.moves.move(user, id, dto.albumId);
  }
}
