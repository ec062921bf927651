import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { sendFile, type Identity } from '@family/shared';
import { CurrentUser, ParseIdPipe } from '@family/shared/nest';
import { FileService } from '../services/file.service';

/** The files themselves and what the worker made of them: streamed, with Range for seeking in video and audio. */
@Controller('api/media')
export class MediaFileController {
  constructor(private readonly files: FileService) {}

  /** `?download=1` asks for an attachment even for kinds a browser could show. */
  @Get(':id/file')
  async file(
    @CurrentUser() user: Identity,
    @Param('id', ParseIdPipe) id: number,
    @Query('download') download: string | undefined,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    await sendFile(req, res, await this.files.file(user, id, download === '1' || download === 'true'));
  }

  @Get(':id/thumbnail')
  async thumbnail(
    @CurrentUser() user: Identity,
    @Param('id', ParseIdPipe) id: number,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    await sendFile(req, res, await this.files.thumbnail(user, id));
  }

  @Get(':id/preview')
  async preview(
    @CurrentUser() user: Identity,
    @Param('id', ParseIdPipe) id: number,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    await sendFile(req, res, await this.files.preview(user, id));
  }

  @Get(':id/playback')
  async playback(
    @CurrentUser() user: Identity,
    @Param('id', ParseIdPipe) id: number,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    await sendFile(req, res, await this.files.playback(user, id));
  }
}
