import { Controller, Get, Post, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import { Internal, Multipart } from '@family/shared/nest';
import { MediaImportQuery, TaggedMediaQuery } from '../dtos/media-import.dto';
import { AlbumAccessClient } from '../services/album-access.client';
import { MediaImportService } from '../services/media-import.service';

/** GEDCOM in and out (the family service): files that come with an import, and the files an export links. */
@Internal()
@Controller('internal/media')
export class InternalMediaImportController {
  constructor(
    private readonly imports: MediaImportService,
    private readonly albums: AlbumAccessClient,
  ) {}

  @Post('imports')
  @Multipart()
  import(@Query() query: MediaImportQuery, @Req() req: Request) {
    return this.imports.import(query.uploadedBy, query.tags, req);
  }

  @Get('tagged')
  async tagged(@Query() query: TaggedMediaQuery) {
    // A takeout export's GEDCOM links only that export's files, by their paths in its ZIP (docs/api.md "Takeout").
    if (query.takeoutFor === undefined) return this.imports.taggedFiles(query.after, query.limit);
    const scope = query.scope ?? 'mine';
    const visibleAlbumIds = scope === 'family' ? (await this.albums.forUser(query.takeoutFor)).visible : [];
    return this.imports.taggedFiles(query.after, query.limit, { userId: query.takeoutFor, scope, visibleAlbumIds });
  }
}
