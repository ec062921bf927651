import { Controller, Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Identity } from '@family/shared';
import { CurrentUser, Multipart, ParseIdPipe } from '@family/shared/nest';
import { GedcomExportQueryDto } from '../dtos/gedcom.dto';
import { GedcomExportService } from '../gedcom-archive/export.service';
import { GedcomUploadService } from '../gedcom-archive/upload.service';

/** GEDCOM in and out (docs/api.md "GEDCOM"); every member may import and export (docs/rights.md). */
@Controller('api/family/gedcom')
export class GedcomController {
  constructor(
    private readonly uploads: GedcomUploadService,
    private readonly exports: GedcomExportService,
  ) {}

  /** Multipart `file`: a .ged, or a ZIP holding one with its photos. Answers 202 with the queued import. */
  @Post()
  @Multipart()
  async import(@CurrentUser() user: Identity, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const status = await this.uploads.upload(user, req);
    res.status(202);
    return status;
  }

  @Get('imports')
  recent(@CurrentUser() user: Identity) {
    return this.uploads.recent(user);
  }

  @Get('imports/:id')
  status(@CurrentUser() user: Identity, @Param('id', ParseIdPipe) id: number) {
    return this.uploads.status(user, id);
  }

  /** The whole family as GEDCOM 7, written as it is read. */
  @Get()
  async export(@CurrentUser() user: Identity, @Query() query: GedcomExportQueryDto, @Res() res: Response) {
    // Read before the first byte goes out, so a service that is down is still a 503 with a sentence.
    const lines = await this.exports.lines(query.living ?? 'names', { askedBy: user.id });
    res.status(200);
    res.setHeader('content-type', 'text/vnd.familysearch.gedcom; charset=utf-8');
    res.setHeader('content-disposition', 'attachment; filename="family.ged"');
    let chunk = '';
    for (const line of lines) {
      chunk += line;
      if (chunk.length < 64 * 1024) continue;
      if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve));
      chunk = '';
    }
    res.end(chunk);
  }
}
