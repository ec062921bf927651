import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import { Internal, Multipart, ParseIdPipe } from '@family/shared/nest';
import { MediaImportQuery, MediaImportTagsDto, TaggedFilesQuery } from '../dtos/media-import.dto';
import { AlbumAccessCache } from '../services/album-access.cache';
import { MediaImportService } from '../services/media-import.service';

/** GEDCOM in and out (the family service): files that come with an import, and the files an export links. */
@Internal()
@Controller('internal/media')
export class InternalMediaImportController {
  constructor(
    private readonly imports: MediaImportService,
    private readonly albums: AlbumAccessCache,
  ) {}

  @Post('imports')
  @Multipart()
  import(@Query() query: MediaImportQuery, @Req() req: Request) {
    return this.imports.import(query.uploadedBy, query.tags, req);
  }

  /** One file named by many people of a GEDCOM: the tags past what the upload's query carries. */
  @Post('imports/:id/tags')
  @HttpCode(204)
  tag(@Param('id', ParseIdPipe) id: number, @Body() dto: MediaImportTagsDto) {
    return this.imports.tag(id, dto.people);
  }

  @Get('tagged')
  async tagged(@Query() query: TaggedFilesQuery) {
    // A takeout export's GEDCOM links only that export's files, by their paths in its ZIP (docs/api.md "Takeout");
    // the download only the files its member may see.
    if (query.takeoutFor === undefined) {
      const viewer = { userId: query.askedBy!, visibleAlbumIds: (await this.albums.forUser(query.askedBy!)).visible };
      return this.imports.taggedFiles(query.after, query.limit, { viewer });
    }
    const scope = query.scope ?? 'mine';
    const visibleAlbumIds = scope === 'family' ? (await this.albums.forUser(query.takeoutFor)).visible : [];
    const takeout = { userId: query.takeoutFor, scope, visibleAlbumIds };
    return this.imports.taggedFiles(query.after, query.limit, { takeout });
  }
}
