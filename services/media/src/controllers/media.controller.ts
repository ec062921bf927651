import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  Patch,
  Post,
  Query,
  Req,
  UseFilters,
} from '@nestjs/common';
import type { MediaExistsResponse, MediaMonth, MediaPlace, OnThisDayGroup, UploadLimits } from '@family/contract';
import type { Request } from 'express';
import type { Identity } from '@family/shared';
import { CurrentUser, Multipart, ParseIdPipe } from '@family/shared/nest';
import { ListMediaQuery, TaggedMediaQuery, UpdateMediaDto } from '../dtos/media.dto';
import { MediaExistsDto } from '../dtos/upload.dto';
import { DuplicateUploadFilter } from '../http/duplicate-upload.filter';
import { BrowseService } from '../services/browse.service';
import { MediaService } from '../services/media.service';
import { UploadService } from '../services/upload.service';
import { MEDIA_CONFIG } from '../services/tokens';
import type { MediaConfig } from '../config';

// Static paths (tagged, limits, months, places, on-this-day, exists) are declared before `:id`, so they are never read as an id.
@Controller('api/media')
export class MediaController {
  constructor(
    private readonly media: MediaService,
    private readonly uploads: UploadService,
    private readonly browse: BrowseService,
    @Inject(MEDIA_CONFIG) private readonly config: MediaConfig,
  ) {}

  /** What the upload dialog checks before sending: the operator may raise the limit (MAX_UPLOAD_MB). */
  @Get('limits')
  limits(): UploadLimits {
    return { maxUploadBytes: this.config.MAX_UPLOAD_MB * 1024 * 1024 };
  }

  @Get()
  list(@CurrentUser() user: Identity, @Query() query: ListMediaQuery) {
    return this.media.list(user, query);
  }

  @Get('tagged')
  tagged(@CurrentUser() user: Identity, @Query() query: TaggedMediaQuery) {
    return this.media.tagged(user, query);
  }

  /** How many items the caller sees in each month, newest first: feeds "Jump to date". */
  @Get('months')
  months(@CurrentUser() user: Identity): Promise<MediaMonth[]> {
    return this.browse.monthsOf(user);
  }

  /** The places of the items the caller sees, for the Places view's map. */
  @Get('places')
  places(@CurrentUser() user: Identity): Promise<MediaPlace[]> {
    return this.browse.places(user);
  }

  @Get('on-this-day')
  onThisDay(@CurrentUser() user: Identity): Promise<OnThisDayGroup[]> {
    return this.browse.onThisDay(user);
  }

  /** Which of these files (by sha256) the member has uploaded already: a client skips them. */
  @Post('exists')
  @HttpCode(200)
  exists(@CurrentUser() user: Identity, @Body() dto: MediaExistsDto): Promise<MediaExistsResponse> {
    return this.uploads.existing(user, dto);
  }

  /** Multipart, streamed into storage: Nest's body parsers leave multipart alone. */
  @Post()
  @Multipart()
  @UseFilters(DuplicateUploadFilter)
  upload(@CurrentUser() user: Identity, @Req() req: Request) {
    return this.uploads.upload(user, req);
  }

  @Get(':id')
  get(@CurrentUser() user: Identity, @Param('id', ParseIdPipe) id: number) {
    return this.media.get(user, id);
  }

  @Patch(':id')
  update(@CurrentUser() user: Identity, @Param('id', ParseIdPipe) id: number, @Body() dto: UpdateMediaDto) {
    return this.media.update(user, id, dto);
  }

  /** Prepares the item's pictures and playback file again (after a failure, say). */
  @Post(':id/reprocess')
  @HttpCode(202)
  reprocess(@CurrentUser() user: Identity, @Param('id', ParseIdPipe) id: number) {
    return this.media.reprocess(user, id);
  }

  @Delete(':id')
  @HttpCode(204)
  delete(@CurrentUser() user: Identity, @Param('id', ParseIdPipe) id: number) {
    return this.media.delete(user, id);
  }
}
