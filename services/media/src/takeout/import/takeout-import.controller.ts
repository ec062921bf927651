import { Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Identity } from '@family/shared';
import { CurrentUser, Multipart, ParseIdPipe } from '@family/shared/nest';
import { TakeoutUploadService } from './takeout-upload.service';

/** Imports of an export (docs/api.md "Import of an export"); each member sees only their own (docs/rights.md). */
@Controller('api/imports')
export class TakeoutImportController {
  constructor(private readonly uploads: TakeoutUploadService) {}

  /** Multipart `file`: a ZIP made by an export. Answers 202 with the queued import. */
  @Post()
  @Multipart()
  async create(@CurrentUser() user: Identity, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const job = await this.uploads.upload(user, req);
    res.status(202);
    return job;
  }

  @Get()
  recent(@CurrentUser() user: Identity) {
    return this.uploads.recent(user);
  }

  @Get(':id')
  job(@CurrentUser() user: Identity, @Param('id', ParseIdPipe) id: number) {
    return this.uploads.job(user, id);
  }
}
