import { Body, Controller, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import type { Identity } from '@family/shared';
import { AnnouncesChanges, CurrentUser, ParseIdPipe } from '@family/shared/nest';
import { CreateAlbumDto, ListAlbumsQuery, UpdateAlbumDto } from '../dtos/album.dto';
import { AlbumService } from '../services/album.service';

@AnnouncesChanges('album-access')
@Controller('api/albums')
export class AlbumController {
  constructor(private readonly albums: AlbumService) {}

  @Get()
  list(@CurrentUser() user: Identity, @Query() query: ListAlbumsQuery) {
    return this.albums.list(user, query.userId);
  }

  @Post()
  create(@CurrentUser() user: Identity, @Body() dto: CreateAlbumDto) {
    return this.albums.create(user, dto);
  }

  @Get(':id')
  get(@CurrentUser() user: Identity, @Param('id', ParseIdPipe) id: number) {
    return this.albums.get(user, id);
  }

  @Patch(':id')
  update(@CurrentUser() user: Identity, @Param('id', ParseIdPipe) id: number, @Body() dto: UpdateAlbumDto) {
    return this.albums.update(user, id, dto);
  }

  @Delete(':id')
  delete(@CurrentUser() user: Identity, @Param('id', ParseIdPipe) id: number) {
    return this.albums.delete(user, id);
  }
}
