import { Controller, Get, Headers, HttpCode, Param, Post, Query, Req, Res, StreamableFile } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Identity } from '@family/shared';
import { CurrentUser, Multipart, ParseIdPipe } from '@family/shared/nest';
import { PictureService } from '../services/picture.service';

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
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    const picture = await this.pictures.find(id, version, ifNoneMatch);
    res.setHeader('ETag', picture.etag);
    res.setHeader('Cache-Control', picture.current ? 'private, max-age=31536000, immutable' : 'private, no-cache');
    if (picture.notModified) {
      res.status(304);
      return undefined;
    }
    res.setHeader('X-Content-Type-Options', 'nosniff');
    return new StreamableFile(await picture.open(), { type: 'image/webp', length: picture.size });
  }
}
