import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { FileQuery } from '../dtos/file-query.dto';
import type { Request, Response } from 'express';
import { sendFile, type Identity } from '@family/shared';
import { CurrentUser, ParseIdPipe } from '@family/shared/nest';
import { FileService } from '../services/file.service';

/** The files themselves and what the worker made of them: streamed, with Range for seeking in video and audio. */
@Controller('api/media')
export class MediaFileController {
  constructor(private readonly files: FileService) {}

  /**
   * `?download=1` asks for an attachment even for kinds a browser could show; `?part=motion` for a Live Photo's
   * second original, its MOV.
   */
  @Get(':id/file')
  async file(
    @CurrentUser() user: Identity,
    @Param('id', ParseIdPipe) id: number,
    @Query() query: FileQuery,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const download = query.download === '1' || query.download === 'true';
    await sendFile(req, res, await this.files.file(user, id, download, query.part));
  }

  @Get(':id/motion')
  async motion(
    @CurrentUser() user: Identity,
    @Param('id', ParseIdPipe) id: number,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    await sendFile(req, res, await this.files.motion(user, id));
  }

  @Get(':id/full-size')
  async fullSize(
    @CurrentUser() user: Identity,
    @Param('id', ParseIdPipe) id: number,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    await sendFile(req, res, await this.files.fullSize(user, id));
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
