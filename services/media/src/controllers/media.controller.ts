import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req, UseFilters } from '@nestjs/common';
import type { Request } from 'express';
import type { Identity } from '@family/shared';
import { CurrentUser, Multipart, ParseIdPipe, RequestId } from '@family/shared/nest';
import { ListMediaQuery, TaggedMediaQuery, UpdateMediaDto } from '../dtos/media.dto';
import { DuplicateUploadFilter } from '../http/duplicate-upload.filter';
import { MediaService } from '../services/media.service';
import { UploadService } from '../services/upload.service';

// Static paths (tagged) are declared before `:id`, so they are never read as an id.
@Controller('api/media')
export class MediaController {
  constructor(
    private readonly media: MediaService,
    private readonly uploads: UploadService,
  ) {}

  @Get()
  list(@CurrentUser() user: Identity, @Query() query: ListMediaQuery, @RequestId() requestId?: string) {
    return this.media.list(user, query, requestId);
  }

  @Get('tagged')
  tagged(@CurrentUser() user: Identity, @Query() query: TaggedMediaQuery, @RequestId() requestId?: string) {
    return this.media.tagged(user, query, requestId);
  }

  /** Multipart, streamed into storage: Nest's body parsers leave multipart alone. */
  @Post()
  @Multipart()
  @UseFilters(DuplicateUploadFilter)
  upload(@CurrentUser() user: Identity, @Req() req: Request, @RequestId() requestId?: string) {
    return this.uploads.upload(user, req, requestId);
  }

  @Get(':id')
  get(@CurrentUser() user: Identity, @Param('id', ParseIdPipe) id: number, @RequestId() requestId?: string) {
    return this.media.get(user, id, requestId);
  }

  @Patch(':id')
  update(
    @CurrentUser() user: Identity,
    @Param('id', ParseIdPipe) id: number,
    @Body() dto: UpdateMediaDto,
    @RequestId() requestId?: string,
  ) {
    return this.media.update(user, id, dto, requestId);
  }

  @Delete(':id')
  @HttpCode(204)
  delete(@CurrentUser() user: Identity, @Param('id', ParseIdPipe) id: number, @RequestId() requestId?: string) {
    return this.media.delete(user, id, requestId);
  }
}
