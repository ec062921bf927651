import { Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { sendFile, type Identity } from '@family/shared';
import { AnnouncesChanges, CurrentUser, Multipart, ParseIdPipe } from '@family/shared/nest';
import { PictureService } from '../services/picture.service';

@AnnouncesChanges('people')
@Controller('api/users')
export class PictureController {
  constructor(private readonly pictures: PictureService) {}

  /** Multipart with the picture in the field `file`; streamed, never parsed into memory. */
  @Post('profile-picture')
  @Multipart()
  @HttpCode(200)
  upload(@CurrentUser() user: Identity, @Req() req: Request) {
    return this.pictures.upload(user, req);
  }

  /** The URL in `profilePicture` carries ?v=<version>: that answer never changes, so browsers keep it. */
  @Get(':id/picture')
  async picture(
    @CurrentUser() _user: Identity,
    @Param('id', ParseIdPipe) id: number,
    @Query('v') version: string | undefined,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    await sendFile(req, res, await this.pictures.find(id, version));
  }
}
