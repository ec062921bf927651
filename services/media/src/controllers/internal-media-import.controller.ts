import { Controller, Get, Post, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import { Internal, Multipart } from '@family/shared/nest';
import { MediaImportQuery, TaggedMediaQuery } from '../dtos/media-import.dto';
import { MediaImportService } from '../services/media-import.service';

/** GEDCOM in and out (the family service): files that come with an import, and the files an export links. */
@Internal()
@Controller('internal/media')
export class InternalMediaImportController {
  constructor(private readonly imports: MediaImportService) {}

  @Post('imports')
  @Multipart()
  import(@Query() query: MediaImportQuery, @Req() req: Request) {
    return this.imports.import(query.uploadedBy, query.tags, req);
  }

  @Get('tagged')
  tagged(@Query() query: TaggedMediaQuery) {
    return this.imports.taggedFiles(query.after, query.limit);
  }
}
