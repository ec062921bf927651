import { Body, Controller, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import type { Identity } from '@family/shared';
import { CurrentUser, ParseIdPipe, RequestId } from '@family/shared/nest';
import { CreateAlbumDto, ListAlbumsQuery, UpdateAlbumDto } from '../dtos/album.dto';
import { AlbumService } from '../services/album.service';

@Controller('api/albums')
export class AlbumController {
  constructor(private readonly albums: AlbumService) {}

  @Get()
  list(@CurrentUser() user: Identity, @Query() query: ListAlbumsQuery, @RequestId() requestId?: string) {
    return this.albums.list(user, query.userId, requestId);
  }

  @Post()
  create(@CurrentUser() user: Identity, @Body() dto: CreateAlbumDto, @RequestId() requestId?: string) {
    return this.albums.create(user, dto, requestId);
  }

  @Get(':id')
  get(@CurrentUser() user: Identity, @Param('id', ParseIdPipe) id: number, @RequestId() requestId?: string) {
    return this.albums.get(user, id, requestId);
  }

  @Patch(':id')
  update(
    @CurrentUser() user: Identity,
    @Param('id', ParseIdPipe) id: number,
    @Body() dto: UpdateAlbumDto,
    @RequestId() requestId?: string,
  ) {
    return this.albums.update(user, id, dto, requestId);
  }

  @Delete(':id')
  delete(@CurrentUser() user: Identity, @Param('id', ParseIdPipe) id: number, @RequestId() requestId?: string) {
    return this.albums.delete(user, id, requestId);
  }
}
