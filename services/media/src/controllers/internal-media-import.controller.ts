import { Controller, Post, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import { Internal, Multipart } from '@family/shared/nest';
import { MediaImportQuery } from '../dtos/media-import.dto';
import { MediaImportService } from '../services/media-import.service';

/** Files that come with a GEDCOM import (the family worker): taken like any upload, then tagged. */
@Internal()
@Controller('internal/media')
export class InternalMediaImportController {
  constructor(private readonly imports: MediaImportService) {}

  @Post('imports')
  @Multipart()
  import(@Query() query: MediaImportQuery, @Req() req: Request) {
    return this.imports.import(query.uploadedBy, query.tags, req);
  }
}
