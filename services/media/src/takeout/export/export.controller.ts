import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { sendFile, type Identity } from '@family/shared';
import { CurrentUser, ParseIdPipe } from '@family/shared/nest';
import { CreateExportDto } from './export.dto';
import { ExportService } from './export.service';

/** Takeout exports: a member's archive as one ZIP, made in the background (docs/api.md "Takeout"). */
@Controller('api/exports')
export class ExportController {
  constructor(private readonly exports: ExportService) {}

  @Post()
  @HttpCode(202)
  create(@CurrentUser() user: Identity, @Body() dto: CreateExportDto) {
    return this.exports.create(user, dto.scope);
  }

  @Get()
  list(@CurrentUser() user: Identity) {
    return this.exports.list(user);
  }

  @Get(':id')
  get(@CurrentUser() user: Identity, @Param('id', ParseIdPipe) id: number) {
    return this.exports.get(user, id);
  }

  @Get(':id/download')
  async download(
    @CurrentUser() user: Identity,
    @Param('id', ParseIdPipe) id: number,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    await sendFile(req, res, await this.exports.download(user, id));
  }

  @Delete(':id')
  @HttpCode(204)
  remove(@CurrentUser() user: Identity, @Param('id', ParseIdPipe) id: number) {
    return this.exports.remove(user, id);
  }
}
