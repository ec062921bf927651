import { Body, Controller, Delete, Param, Post } from '@nestjs/common';
import type { Identity } from '@family/shared';
import { AnnouncesChanges, CurrentUser, ParseIdPipe } from '@family/shared/nest';
import { AddMemberDto } from '../dtos/album.dto';
import { AlbumService } from '../services/album.service';

@AnnouncesChanges('album-access')
@Controller('api/albums/:id/members')
export class AlbumMemberController {
  constructor(private readonly albums: AlbumService) {}

  @Post()
  add(@CurrentUser() user: Identity, @Param('id', ParseIdPipe) id: number, @Body() dto: AddMemberDto) {
    return this.albums.addMember(user, id, dto);
  }

  @Delete(':userId')
  remove(
    @CurrentUser() user: Identity,
    @Param('id', ParseIdPipe) id: number,
    @Param('userId', ParseIdPipe) userId: number,
  ) {
    return this.albums.removeMember(user, id, userId);
  }
}
